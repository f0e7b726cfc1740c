/**
 * /users/change-email (logged in, activated or not; spec §2): sends a confirmation link to a new address
 * (captcha e_mail, then POST /user/email/change/code {e_mail, pass}); the password is asked when the account has
 * one. The change takes effect on /users/confirm-new-email.
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { ChangeEmailCodeReq } from '@quorum/contract';
import { api } from '../../lib/api';
import { isActivated, useCurrentUser } from '../../lib/auth';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from '../auth/TextField';
import { isCaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';

/** The change-e-mail form and its "check your inbox" state. */
export default function ChangeEmailPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  usePageTitle(t('account.change_email.title'));
  const captcha = useCaptcha('e_mail', true);
  const [form, setForm] = useState({ e_mail: '', pass: '' });
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'), isCaptchaCancelled);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const needsPassword = user?.have_password !== false;
  const back = isActivated(user) ? '/users/settings/account' : '/users/login?status=inactive';

  const set = (field: keyof typeof form) => (v: string) => {
    setForm((f) => ({ ...f, [field]: v }));
    clearError(field);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = translateChecks(t, schemaErrors(ChangeEmailCodeReq, form));
    if (needsPassword && !form.pass) local.pass = t('auth.check.error.form.cannot_be_empty');
    await run(local, async () => {
      const body = { e_mail: form.e_mail.trim(), ...(needsPassword ? { pass: form.pass } : {}) };
      await captcha.run((c) => api.post('/answer/api/v1/user/email/change/code', { ...body, ...c }));
      setSentTo(body.e_mail);
    });
  };

  if (sentTo) {
    return (
      <AuthCard title={t('account.change_email.sent_title')} footer={<Link to={back}>{t('account.back')}</Link>}>
        <p className="text-center mb-0">{t('account.change_email.sent_text', { email: sentTo })}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.change_email.title')} subtitle={user?.e_mail ? t('account.change_email.current', { email: user.e_mail }) : undefined} footer={<Link to={back}>{t('account.back')}</Link>}>
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField name="e_mail" type="email" label={t('account.change_email.new_email')} value={form.e_mail} onChange={set('e_mail')} error={errors.e_mail} autoComplete="email" autoFocus required />
        {needsPassword && (
          <TextField name="pass" type="password" label={t('account.change_email.password')} value={form.pass} onChange={set('pass')} error={errors.pass} autoComplete="current-password" required />
        )}
        <Button type="submit" variant="primary" className="w-100" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('account.change_email.submit')}
        </Button>
      </Form>
      {captcha.dialog}
    </AuthCard>
  );
}
