/**
 * /users/account-recovery (not logged in, spec §2): asks for the account's e-mail, then (captcha find_pass)
 * POST /user/password/reset {e_mail}; the server answers the same whether or not the address is known.
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { PasswordResetReq } from '@quorum/contract';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from '../auth/TextField';
import { StatusIcon } from './StatusIcon';
import { isCaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';

/** The "forgot password" page. */
export default function AccountRecoveryPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.recovery.title'));
  const captcha = useCaptcha('find_pass', true);
  const [email, setEmail] = useState('');
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'), isCaptchaCancelled);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const local = translateChecks(t, schemaErrors(PasswordResetReq, { e_mail: email }));
    await run(local, async () => {
      await captcha.run((c) => api.post('/answer/api/v1/user/password/reset', { e_mail: email.trim(), ...c }));
      setSentTo(email.trim());
    });
  };

  if (sentTo) {
    return (
      <AuthCard title={t('account.recovery.sent_title')} footer={<Link to="/users/login">{t('account.back_to_login')}</Link>}>
        <div className="text-center">
          <StatusIcon kind="mail" />
          <p>{t('account.recovery.sent_text', { email: sentTo })}</p>
          <p className="small text-body-secondary">{t('auth.inactive.hint')}</p>
          <Button variant="outline-primary" onClick={() => void send()} disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('account.recovery.resend')}
          </Button>
        </div>
        {captcha.dialog}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.recovery.title')} subtitle={t('account.recovery.subtitle')} footer={<Link to="/users/login">{t('account.back_to_login')}</Link>}>
      <Form noValidate onSubmit={send} aria-busy={busy || undefined}>
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          name="e_mail"
          type="email"
          label={t('auth.fields.email')}
          value={email}
          onChange={(v) => {
            setEmail(v);
            clearError('e_mail');
          }}
          error={errors.e_mail}
          autoComplete="email"
          autoFocus
          required
        />
        <Button type="submit" variant="primary" className="w-100" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('account.recovery.submit')}
        </Button>
      </Form>
      {captcha.dialog}
    </AuthCard>
  );
}
