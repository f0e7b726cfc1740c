/**
 * The bulk add users dialog (spec §2 "Dialogs", §3 "Bulk users payload", §5): one user per line as
 * `display name, email, password`; POST /admin/api/users adds all or none, and every wrong line comes back
 * as its own error, listed here one under another.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { AdminAddUsersReq } from '@quorum/contract';
import { api, ApiError } from '../../../lib/api';
import { schemaErrors, translateChecks } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { ADMIN_API } from '../api';

/** The dialog; `onAdded` after users were added. */
export default function BulkAddDialog({ show, onHide, onAdded }: { show: boolean; onHide: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const local = translateChecks(t, schemaErrors(AdminAddUsersReq, { users: text }));
    if (local.users) return setErrors([local.users]);
    setErrors([]);
    setBusy(true);
    try {
      const res = await api.post<{ count?: number }>(`${ADMIN_API}/users`, { users: text });
      toast(t('admin.users.bulk_added', { count: res?.count ?? 0 }), 'success');
      setText('');
      onAdded();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(err.fieldErrors.map((e) => e.error_msg));
      else if (!(err instanceof ApiError && err.handled)) setErrors([err instanceof Error ? err.message : t('admin.form.save_failed')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby="q-bulk-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('admin.common.cancel')}>
          <Modal.Title id="q-bulk-title" as="h2" className="h5">
            {t('admin.users.bulk_title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor="q-bulk-users" className="fw-medium">{t('admin.users.bulk_label')}</Form.Label>
          <Form.Control
            id="q-bulk-users"
            as="textarea"
            rows={6}
            name="users"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setErrors([]);
            }}
            isInvalid={errors.length > 0}
            aria-describedby="q-bulk-hint q-bulk-errors"
            placeholder="Jane Doe, jane@example.com, s3cret-pass"
            className="font-monospace"
          />
          <Form.Text id="q-bulk-hint" className="d-block">{t('admin.users.bulk_hint')}</Form.Text>
          <ul id="q-bulk-errors" className="text-danger small mt-2 mb-0 ps-3" aria-live="polite">
            {errors.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('admin.users.bulk_submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
