/**
 * /users/login (spec §2 "Auth routes"): e-mail and password login, and the inactive-account notice
 * (?status=inactive, or a logged-in user whose e-mail is not verified yet). While password login is for
 * administrators only and directory (LDAP) or SAML login is on (login settings `password_login_admins_only`, issue
 * #38 item 6), the organization's sign-in comes first and the password form opens from "Administrator login".
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LoginEmailReq, type UserCenterAgentInfo } from '@quorum/contract';
import { api } from '../../lib/api';
import { afterLogin, isActivated, useCurrentUser } from '../../lib/auth';
import { siteName, useSiteInfo } from '../../lib/site';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from './AuthCard';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from './TextField';
import ConnectorButtons from '../connector/ConnectorButtons';
import DirectoryLogin, { useLdapInfo } from '../ldap/DirectoryLogin';
import SamlEntry, { useSamlInfo } from '../saml/SamlEntry';
import { useUserCenterAgent } from '../user-center/agent';
import UserCenterButton from '../user-center/UserCenterButton';
import { StatusIcon } from '../account/StatusIcon';
import ResendActivation from '../account/ResendActivation';
import { isCaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';

/** The login page; the route guard sends logged-in, activated users home. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const site = useSiteInfo();
  const agent = useUserCenterAgent().data;
  const userCenter = agent?.enabled ? agent.agent_info : null;
  const inactive = (params.get('status') === 'inactive' && !isActivated(user)) || (!!user && !isActivated(user));
  usePageTitle(inactive ? t('auth.inactive.title') : t('auth.login.title'));

  if (inactive) return <InactiveNotice email={user?.e_mail} loggedIn={!!user} waiting={user?.status === 'pending'} />;
  // An external user system (spec §2): its button; the password form only while it keeps the site's own users.
  const allowPassword = site.login?.allow_password_login !== false && userCenter?.enabled_original_user_system !== false;
  return <LoginForm siteTitle={siteName(site)} allowSignUp={site.login?.allow_new_registrations !== false} allowPassword={allowPassword} userCenter={userCenter} />;
}

/** E-mail and password form; field errors under fields, anything else in an alert. */
function LoginForm({ siteTitle, allowSignUp, allowPassword, userCenter }: { siteTitle: string; allowSignUp: boolean; allowPassword: boolean; userCenter: UserCenterAgentInfo | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha('login');
  const site = useSiteInfo();
  const ldap = useLdapInfo();
  const saml = useSamlInfo();
  const organizationOn = ldap.data?.enabled === true || saml.data?.enabled === true;
  const adminsOnly = allowPassword && organizationOn && site.login?.password_login_admins_only === true;
  const [adminOpened, setAdminOpened] = useState(false);
  const showForm = allowPassword && (!adminsOnly || adminOpened);
  const [form, setForm] = useState({ e_mail: '', pass: '' });
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'), isCaptchaCancelled);

  /** Updates a field and drops its error. */
  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = translateChecks(t, schemaErrors(LoginEmailReq, form));
    await run(local, async () => {
      // Not passing errors: a 403 `suspended` goes to the suspended page with its end time (spec §8).
      const user = await captcha.run((c) => api.post<CurrentUser>('/answer/api/v1/user/login/email', { ...form, ...c }));
      await afterLogin(user, navigate);
    });
  };

  return (
    <AuthCard
      title={t('auth.login.heading', { site: siteTitle })}
      subtitle={t('auth.login.subtitle')}
      footer={
        allowSignUp && (
          <>
            {t('auth.login.no_account')} <Link to="/users/register">{t('auth.login.sign_up')}</Link>
          </>
        )
      }
    >
      {adminsOnly && (
        <>
          <DirectoryLogin divider={false} />
          <SamlEntry divider={false} />
          {!adminOpened && (
            <div className="text-center mt-3">
              <Button variant="link" size="sm" className="text-body-secondary" onClick={() => setAdminOpened(true)} aria-expanded={false}>
                {t('auth.login.admin_password')}
              </Button>
            </div>
          )}
        </>
      )}
      {/* Password login turned off (admin login settings): only the connectors remain. */}
      {showForm && (
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined} className={adminsOnly ? 'border-top pt-3 mt-3' : undefined} data-testid="password-login">
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          name="e_mail"
          type="email"
          label={t('auth.fields.email')}
          value={form.e_mail}
          onChange={(v) => set('e_mail', v)}
          error={errors.e_mail}
          autoComplete="email"
          autoFocus
          required
        />
        <TextField
          name="pass"
          type="password"
          label={t('auth.fields.password')}
          value={form.pass}
          onChange={(v) => set('pass', v)}
          error={errors.pass}
          autoComplete="current-password"
          required
          aside={
            <Link to="/users/account-recovery" className="small">
              {t('auth.login.forgot')}
            </Link>
          }
        />
        <Button type="submit" variant="primary" className="w-100 mt-2" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.login.submit')}
        </Button>
      </Form>
      )}
      {/* Directory login (admin setting): the local e-mail form above stays for the administrator. */}
      {!adminsOnly && <DirectoryLogin divider={allowPassword} />}
      {/* SAML single sign-on (admin setting), and its refusals coming back from the ACS. */}
      {!adminsOnly && <SamlEntry divider={allowPassword} />}
      {userCenter && <UserCenterButton agent={userCenter} divider={allowPassword} />}
      <ConnectorButtons divider={allowPassword || !!userCenter} />
      {captcha.dialog}
    </AuthCard>
  );
}

/**
 * Tells a person whose account is not activated to follow the link in the activation e-mail; a logged-in one
 * can have it sent again or change the address. A sign-up that also waits for a moderator's approval is told so.
 */
function InactiveNotice({ email, loggedIn, waiting }: { email?: string; loggedIn: boolean; waiting: boolean }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.inactive.title')}>
      <div className="text-center">
        <StatusIcon kind="mail" />
        <p>{email ? t('auth.inactive.sent_to', { email }) : t('auth.inactive.sent')}</p>
        <p className="text-body-secondary small">{t('auth.inactive.hint')}</p>
        {waiting ? <p className="small">{t('account_pending.text')}</p> : null}
        {loggedIn ? (
          <>
            <ResendActivation />
            <p className="small mt-3 mb-0">
              <Link to="/users/change-email">{t('account.activation.wrong_email')}</Link>
            </p>
          </>
        ) : (
          <Link to="/users/login" className="btn btn-primary">
            {t('auth.login.submit')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
