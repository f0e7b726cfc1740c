/**
 * The captcha dialog (spec §2 "Dialogs"): the image, or the question of the question captcha, an input with its
 * error, refresh, verify, cancel.
 */
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

export interface CaptchaDialogProps {
  /** data URL of the captcha image ('' while loading) */
  image: string;
  /** the question to answer instead of an image (question captcha) */
  question?: string;
  error?: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  onRefresh: () => void;
}

/** Asks for the characters in the captcha image, or the answer to the question. */
export default function CaptchaDialog({ image, question, error, busy, onSubmit, onCancel, onRefresh }: CaptchaDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  // A new image needs a new answer.
  useEffect(() => setCode(''), [image, question]);
  const asked = question !== undefined;
  const describedBy = [asked ? 'q-captcha-question' : '', error ? 'q-captcha-error' : ''].filter(Boolean).join(' ') || undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(code);
  };
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="q-captcha-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="q-captcha-title" as="h2" className="h5">
            {t('captcha.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="d-flex align-items-center gap-2 mb-3">
            {asked ? (
              <p id="q-captcha-question" className="fw-semibold mb-0 flex-grow-1">
                {question}
              </p>
            ) : image ? (
              <img src={image} alt={t('captcha.image_alt')} className="border rounded bg-white q-captcha-img" width={150} height={50} />
            ) : (
              <span className="d-inline-block border rounded bg-body-secondary" style={{ width: 150, height: 50 }} aria-hidden="true" />
            )}
            <Button variant="link" size="sm" onClick={onRefresh} disabled={busy}>
              {asked ? t('captcha_pow.another_question') : t('captcha.refresh')}
            </Button>
          </div>
          <Form.Group controlId="q-captcha-code">
            <Form.Label>{asked ? t('captcha_pow.question_label') : t('captcha.label')}</Form.Label>
            <Form.Control
              value={code}
              onChange={(e) => setCode(e.target.value)}
              isInvalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
            />
            <Form.Control.Feedback type="invalid" id="q-captcha-error">
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={onCancel}>
            {t('captcha.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('captcha.verify')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
