import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';

/** One reason of GET /reasons (spec §3 "Report reason"). */
export interface Reason {
  reason_type: number;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
  have_content: boolean;
}

/**
 * Close dialog: the reasons of GET /reasons?object_type=question&action=close as radio buttons; a reason with
 * `have_content` asks for a text. Sends PUT /question/status {id, close_type, close_msg}, or hands the choice
 * to `submit` (the review queue closes through its flag: the review-report dialog, spec §2).
 * @param title heading instead of the default
 * @param submitLabel the submit button's text instead of "Close question" (a close vote that does not close)
 */
export function CloseDialog({ show, questionId, onHide, onClosed, submit: send, title, submitLabel }: {
  show: boolean;
  questionId: string;
  onHide: () => void;
  onClosed: () => void;
  submit?: (closeType: number, closeMsg: string) => Promise<void>;
  title?: string;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState<Reason[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [type, setType] = useState<number | null>(null);
  const [msg, setMsg] = useState('');
  const [errors, setErrors] = useState<{ type?: string; msg?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!show || reasons) return;
    setLoadError(false);
    api
      .get<Reason[]>('/answer/api/v1/reasons', { object_type: 'question', action: 'close' }, { passingError: true })
      .then((list) => setReasons(list ?? []))
      .catch(() => setLoadError(true));
  }, [show, reasons]);

  const chosen = reasons?.find((r) => r.reason_type === type);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (type === null) return setErrors({ type: t('qa.close.pick_reason') });
    if (chosen?.have_content && !msg.trim()) return setErrors({ msg: t('qa.close.empty') });
    setErrors({});
    setBusy(true);
    try {
      const closeMsg = chosen?.have_content ? msg.trim() : '';
      if (send) await send(type, closeMsg);
      else await api.put('/answer/api/v1/question/status', { id: questionId, close_type: type, close_msg: closeMsg });
      onClosed();
      onHide();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors({ msg: err.fieldErrors[0]!.error_msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="qa-close-title">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
          <Modal.Title id="qa-close-title" as="h2" className="h5">
            {title ?? t('qa.close.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {loadError ? <Alert variant="danger">{t('qa.close.load_failed')}</Alert> : null}
          {!reasons && !loadError ? <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} /> : null}
          {reasons ? (
            <fieldset aria-describedby={errors.type ? 'qa-close-type-error' : undefined}>
              <legend className="fs-6 mb-2">{t('qa.close.reason')}</legend>
              {reasons.map((r) => (
                <div key={r.reason_type} className="mb-2">
                  <Form.Check
                    type="radio"
                    id={`qa-close-${r.reason_type}`}
                    name="close_type"
                    checked={type === r.reason_type}
                    onChange={() => {
                      setType(r.reason_type);
                      setErrors({});
                    }}
                    isInvalid={!!errors.type}
                    label={
                      <>
                        <span className="fw-medium">{r.name}</span>
                        {r.description ? <span className="d-block small text-body-secondary">{r.description}</span> : null}
                      </>
                    }
                  />
                  {r.have_content && type === r.reason_type ? (
                    <Form.Group controlId="qa-close-msg" className="ms-4 mt-2">
                      <Form.Label visuallyHidden>{r.name}</Form.Label>
                      <Form.Control
                        as="textarea"
                        rows={3}
                        value={msg}
                        placeholder={r.placeholder}
                        onChange={(e) => setMsg(e.target.value)}
                        isInvalid={!!errors.msg}
                        autoFocus
                      />
                      <Form.Control.Feedback type="invalid">{errors.msg}</Form.Control.Feedback>
                    </Form.Group>
                  ) : null}
                </div>
              ))}
              {errors.type ? (
                <div id="qa-close-type-error" className="invalid-feedback d-block">
                  {errors.type}
                </div>
              ) : null}
            </fieldset>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
            {t('qa.cancel')}
          </Button>
          <Button type="submit" variant="warning" disabled={busy || !reasons}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {submitLabel ?? t('qa.close.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
