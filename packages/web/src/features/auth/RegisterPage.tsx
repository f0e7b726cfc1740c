/**
 * /users/register (spec §2 "Auth routes"): sign-up with username, e-mail and password
 * (POST /answer/api/v1/user/register/email {name, e_mail, pass}, with the captcha when the site asks for one at
 * sign-up), then logged in like a login.
 * Only while the site allows new registrations (the route guard sends visitors home otherwise).
 */
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LIMITS, RegisterEmailReq } from '@quorum/contract';
import { api } from '../../lib/api';
import { afterLogin } from '../../lib/auth';
import { siteName, useSiteInfo } from '../../lib/site';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from './AuthCard';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from './TextField';
import ConnectorButtons from '../connector/ConnectorButtons';
import { useUserCenterAgent } from '../user-center/agent';
import SignUpHandOver from '../user-center/SignUpHandOver';
import UserCenterButton from '../user-center/UserCenterButton';
import { isCaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';

/** The sign-up page. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteInfo();
  usePageTitle(t('auth.register.title'));

  const [form, setForm] = useState({ name: '', e_mail: '', pass: '' });
  // The sign-up captcha when the site asks for one (captcha setting `on_sign_up`); a proof of work starts at once.
  const captcha = useCaptcha('register', true);
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'), isCaptchaCancelled);
  const agent = useUserCenterAgent().data;
  const userCenter = agent?.enabled ? agent.agent_info : null;

  /** Updates a field and drops its error. */
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = translateChecks(t, schemaErrors(RegisterEmailReq, form));
    await run(local, async () => {
      const created = await captcha.run((c) => api.post<CurrentUser>('/answer/api/v1/user/register/email', { ...form, ...c }, { passingError: true }));
      await afterLogin(created, navigate);
    });
  };

  // Sign-up belongs to the external user system while it replaces the site's own users (spec §2).
  if (userCenter && !userCenter.enabled_original_user_system) return <SignUpHandOver agent={userCenter} />;

  return (
    <AuthCard
      title={t('auth.register.heading', { site: siteName(site) })}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.have_account')} <Link to="/users/login">{t('auth.register.log_in')}</Link>
        </>
      }
    >
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          name="name"
          label={t('auth.fields.username')}
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          hint={t('auth.hints.username', { max: LIMITS.usernameMax })}
          autoComplete="username"
          autoFocus
          required
        />
        <TextField
          name="e_mail"
          type="email"
          label={t('auth.fields.email')}
          value={form.e_mail}
          onChange={set('e_mail')}
          error={errors.e_mail}
          autoComplete="email"
          required
        />
        <TextField
          name="pass"
          type="password"
          label={t('auth.fields.password')}
          value={form.pass}
          onChange={set('pass')}
          error={errors.pass}
          hint={t('auth.hints.password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="primary" className="w-100 mt-2" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.register.submit')}
        </Button>
        {captcha.dialog}
        <p className="small text-body-secondary text-center mt-3 mb-0">
          <Trans i18nKey="auth.register.agree" components={{ tos: <Link to="/tos" />, privacy: <Link to="/privacy" /> }} />
        </p>
      </Form>
      {userCenter && <UserCenterButton agent={userCenter} kind="sign_up" divider />}
      <ConnectorButtons />
    </AuthCard>
  );
}
