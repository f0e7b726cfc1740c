/**
 * "Resend the activation e-mail" for a logged-in user whose e-mail is not verified: captcha (action e_mail),
 * then POST /user/email/verification/send; 'Sent successfully' on success (spec §8 client messages).
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';

/** A resend button with its progress and outcome. */
export default function ResendActivation({ variant = 'outline-primary' }: { variant?: string }) {
  const { t } = useTranslation();
  const captcha = useCaptcha('e_mail', true);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await captcha.run((c) => api.post('/answer/api/v1/user/email/verification/send', c ?? {}));
      setSent(true);
      toast(t('account.sent'), 'success');
    } catch (err) {
      if (!(err instanceof CaptchaCancelled) && !(err instanceof ApiError && err.handled)) setError(err instanceof Error ? err.message : t('auth.errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {error && (
        <Alert variant="danger" className="small text-start">
          {error}
        </Alert>
      )}
      {sent && (
        <p className="small text-success mb-2" role="status">
          {t('account.activation.resent')}
        </p>
      )}
      <Button variant={variant} onClick={() => void resend()} disabled={busy}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('account.activation.resend')}
      </Button>
      {captcha.dialog}
    </div>
  );
}
