import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** A confirmation dialog for a destructive action; Cancel has focus first, Escape cancels. */
export function ConfirmDialog(props: { show: boolean; title: string; message: string; confirmLabel: string; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { show, title, message, confirmLabel, busy, onConfirm, onCancel } = props;
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="q-confirm-title">
      <Modal.Header closeButton closeLabel={t('tag_pages.cancel')}>
        <Modal.Title id="q-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {t('tag_pages.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
