import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

export interface ConfirmProps {
  show: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Bootstrap variant of the confirm button; 'danger' for destructive actions. */
  variant?: string;
  /** Runs the action; the dialog closes when it resolves and stays open (buttons enabled again) when it throws. */
  onConfirm: () => Promise<void>;
  onHide: () => void;
}

/** A confirmation dialog before an action (spec: confirmation before destructive actions). */
export function ConfirmModal({ show, title, body, confirmLabel, variant = 'primary', onConfirm, onHide }: ConfirmProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onHide();
    } catch {
      // The API client already showed the error; the dialog stays so the person can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="qa-confirm-title">
      <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
        <Modal.Title id="qa-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
          {t('qa.cancel')}
        </Button>
        <Button variant={variant} onClick={() => void confirm()} disabled={busy} autoFocus>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
