/**
 * The flag dialog (spec §2 "Dialogs", §5, §8): the reasons of GET /reasons?object_type=<source>&action=flag as
 * radio buttons; a reason that takes text shows a field for it (a link to the original for a duplicate, free
 * text for "something else"); POST /report; 'Thanks for flagging.' on success. Loaded lazily where a flag
 * entry point is first used. Focus goes back to the element that opened it (react-bootstrap's Modal).
 */
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { FLAG_CONTENT_MAX } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { checkFlag, flagBody, wantsLink, type FlagReason, type FlagSource } from './rules';

export interface FlagDialogProps {
  source: FlagSource;
  objectId: string;
  onHide: () => void;
  /** Called after the flag was accepted. */
  onFlagged?: () => void;
}

/** GET /reasons for flags of one object type; cached per type for the page's life. */
const reasonCache = new Map<FlagSource, Promise<FlagReason[]>>();
function loadReasons(source: FlagSource): Promise<FlagReason[]> {
  let p = reasonCache.get(source);
  if (!p) {
    p = api.get<FlagReason[]>('/answer/api/v1/reasons', { object_type: source, action: 'flag' }, { passingError: true }).then((l) => l ?? []);
    p.catch(() => reasonCache.delete(source));
    reasonCache.set(source, p);
  }
  return p;
}

/** The dialog, shown while mounted. */
export default function FlagDialog({ source, objectId, onHide, onFlagged }: FlagDialogProps) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState<FlagReason[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [type, setType] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; content?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [show, setShow] = useState(true);

  useEffect(() => {
    let live = true;
    loadReasons(source).then(
      (list) => live && setReasons(list),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [source]);

  const chosen = reasons?.find((r) => r.reason_type === type);
  const close = () => setShow(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !reasons) return;
    const failed = checkFlag(chosen, content, window.location.origin);
    if (failed) return setErrors({ [failed.field]: t(`flag.check.${failed.check}`) });
    setErrors({});
    setBusy(true);
    try {
      await api.post('/answer/api/v1/report', flagBody(source, objectId, chosen!, content), { passingError: true });
      toast(t('flag.thanks'), 'success');
      onFlagged?.();
      close();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const f = err.fieldErrors[0]!;
        setErrors(f.error_field === 'report_type' ? { reason: f.error_msg } : f.error_field === 'content' ? { content: f.error_msg } : { form: f.error_msg });
      } else if (err instanceof ApiError && err.status === 401) {
        close();
      } else {
        setErrors({ form: err instanceof Error ? err.message : String(err) });
      }
    } finally {
      setBusy(false);
    }
  };

  const textId = 'q-flag-content';
  const fieldProps = (r: FlagReason) => ({
    value: content,
    maxLength: FLAG_CONTENT_MAX,
    placeholder: r.placeholder,
    onChange: (e: { target: { value: string } }) => {
      setContent(e.target.value);
      if (errors.content) setErrors({});
    },
    isInvalid: !!errors.content,
    'aria-required': true,
    autoFocus: true,
  });
  return (
    <Modal show={show} onHide={busy ? () => undefined : close} onExited={onHide} centered aria-labelledby="q-flag-title">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton={!busy} closeLabel={t('common.close')}>
          <Modal.Title id="q-flag-title" as="h2" className="h5">
            {t(`flag.title_${source}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{t('flag.intro')}</p>
          {errors.form ? (
            <Alert variant="danger" className="py-2">
              {errors.form}
            </Alert>
          ) : null}
          {loadError ? <Alert variant="danger">{t('flag.load_failed')}</Alert> : null}
          {!reasons && !loadError ? <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} /> : null}
          {reasons ? (
            <fieldset aria-describedby={errors.reason ? 'q-flag-reason-error' : undefined} aria-invalid={!!errors.reason}>
              <legend className="fs-6 fw-semibold mb-2">{t('flag.reason')}</legend>
              {reasons.map((r, i) => (
                <div key={r.reason_type} className="mb-2">
                  <Form.Check
                    type="radio"
                    id={`q-flag-${r.reason_type}`}
                    name="report_type"
                    checked={type === r.reason_type}
                    autoFocus={i === 0}
                    onChange={() => {
                      setType(r.reason_type);
                      setErrors({});
                    }}
                    label={
                      <>
                        <span className="fw-medium">{r.name}</span>
                        {r.description ? <span className="d-block small text-body-secondary">{r.description}</span> : null}
                      </>
                    }
                  />
                  {r.have_content && type === r.reason_type ? (
                    <Form.Group controlId={textId} className="ms-4 mt-2">
                      <Form.Label className="small mb-1">{wantsLink(r) ? t('flag.link_label') : t('flag.text_label')}</Form.Label>
                      {wantsLink(r) ? (
                        <Form.Control type="url" inputMode="url" {...fieldProps(r)} />
                      ) : (
                        <Form.Control as="textarea" rows={3} {...fieldProps(r)} />
                      )}
                      <Form.Control.Feedback type="invalid">{errors.content}</Form.Control.Feedback>
                    </Form.Group>
                  ) : null}
                </div>
              ))}
              {errors.reason ? (
                <div id="q-flag-reason-error" className="invalid-feedback d-block" role="alert">
                  {errors.reason}
                </div>
              ) : null}
            </fieldset>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            {t('flag.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={busy || !reasons}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('flag.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
