/**
 * Confirmation of a destructive or wide-reaching admin action: Cancel has focus first, Escape cancels;
 * `children` adds options (e.g. 'also remove the user's content').
 */
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  variant?: 'danger' | 'primary' | 'warning';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** The dialog. */
export function ConfirmDialog({ show, title, message, confirmLabel, variant = 'danger', busy, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="q-admin-confirm-title">
      <Modal.Header closeButton closeLabel={t('admin.common.cancel')}>
        <Modal.Title id="q-admin-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div>{message}</div>
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {t('admin.common.cancel')}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
