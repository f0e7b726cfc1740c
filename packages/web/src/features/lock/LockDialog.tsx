/**
 * The lock dialog of a question or an answer (moderators): the kind (content dispute or historical significance,
 * each explained), the length (1 hour, 1 day, 7 days, permanently) and an optional reason shown with the notice.
 * Sends POST /answer/api/v1/post/lock; a failure keeps what was typed and shows the server's field errors.
 * Loaded when first opened (features/lock/useLockMenu.tsx).
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LOCK_DURATIONS, LOCK_KINDS, LOCK_REASON_MAX, type LockDuration, type LockKind } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';

/** The dialog; `onLocked` runs after the server locked the post. */
export function LockDialog({ show, objectId, kind: postKind, onHide, onLocked }: { show: boolean; objectId: string; kind: 'question' | 'answer'; onHide: () => void; onLocked: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LockKind>('dispute');
  const [duration, setDuration] = useState<LockDuration>('1d');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.post('/answer/api/v1/post/lock', { object_id: objectId, kind, duration, reason: reason.trim() }, { passingError: true });
      onLocked();
      onHide();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors[0]?.error_msg ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="lock-dialog-title">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
          <Modal.Title id="lock-dialog-title" as="h2" className="h5">
            {t(`lock.title_${postKind}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset className="mb-3">
            <legend className="fs-6 mb-2">{t('lock.kind')}</legend>
            {LOCK_KINDS.map((k) => (
              <Form.Check
                key={k}
                type="radio"
                id={`lock-kind-${k}`}
                name="lock_kind"
                className="mb-2"
                checked={kind === k}
                onChange={() => setKind(k)}
                label={
                  <>
                    <span className="fw-medium">{t(`lock.kind_${k}`)}</span>
                    <span className="d-block small text-body-secondary">{t(`lock.kind_${k}_help`)}</span>
                  </>
                }
              />
            ))}
          </fieldset>
          <Form.Group controlId="lock-duration" className="mb-3">
            <Form.Label>{t('lock.duration')}</Form.Label>
            <Form.Select value={duration} onChange={(e) => setDuration(e.target.value as LockDuration)}>
              {LOCK_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`lock.duration_${d}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="lock-reason">
            <Form.Label>{t('lock.reason')}</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={LOCK_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby="lock-reason-hint" isInvalid={!!error} />
            <Form.Text id="lock-reason-hint">{t('lock.reason_hint')}</Form.Text>
            <Form.Control.Feedback type="invalid" role="alert">
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
            {t('lock.cancel')}
          </Button>
          <Button type="submit" variant="warning" disabled={busy}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('lock.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
