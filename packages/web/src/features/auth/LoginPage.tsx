/**
 * /users/login (spec §2 "Auth routes"): e-mail and password login, and the inactive-account notice
 * (?status=inactive, or a logged-in user whose e-mail is not verified yet).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LoginEmailReq } from '@quorum/contract';
import { api } from '../../lib/api';
import { afterLogin, isActivated, useCurrentUser } from '../../lib/auth';
import { siteName, useSiteInfo } from '../../lib/site';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from './AuthCard';
import { dropError, errorMessage, schemaErrors, serverFieldErrors, translateChecks, type FieldErrors } from './formErrors';
import TextField from './TextField';

/** The login page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const site = useSiteInfo();
  const inactive = params.get('status') === 'inactive' || (!!user && !isActivated(user));
  usePageTitle(inactive ? t('auth.inactive.title') : t('auth.login.title'));
  /** Set while this page logs someone in: afterLogin picks the destination, not the effect below. */
  const loggingIn = useRef(false);

  useEffect(() => {
    if (user && isActivated(user) && !loggingIn.current) navigate('/', { replace: true });
  }, [user, navigate]);

  if (inactive) return <InactiveNotice email={user?.e_mail} />;
  return (
    <LoginForm
      siteTitle={siteName(site)}
      allowSignUp={site.login?.allow_new_registrations !== false}
      onLoggingIn={() => (loggingIn.current = true)}
    />
  );
}

/** E-mail and password form; field errors under fields, anything else in an alert. */
function LoginForm({ siteTitle, allowSignUp, onLoggingIn }: { siteTitle: string; allowSignUp: boolean; onLoggingIn: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ e_mail: '', pass: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Updates a field and drops its error. */
  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => dropError(e, field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local = translateChecks(t, schemaErrors(LoginEmailReq, form));
    setErrors(local);
    setAlert(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const user = await api.post<CurrentUser & { access_token: string }>('/answer/api/v1/user/login/email', form, { passingError: true });
      onLoggingIn();
      afterLogin(user, navigate);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      else setAlert(errorMessage(err, t('auth.errors.unknown')));
    } finally {
      setBusy(false);
    }
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
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
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
    </AuthCard>
  );
}

/** Tells a person whose account is not activated to follow the link in the activation e-mail. */
function InactiveNotice({ email }: { email?: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.inactive.title')}>
      <div className="text-center">
        <div className="display-6 mb-2" aria-hidden="true">
          ✉
        </div>
        <p>{email ? t('auth.inactive.sent_to', { email }) : t('auth.inactive.sent')}</p>
        <p className="text-body-secondary small mb-0">{t('auth.inactive.hint')}</p>
      </div>
    </AuthCard>
  );
}
