/**
 * /users/confirm-email (spec §2: binds an e-mail after third-party login). With `binding_key` the member names an
 * address for the provider account that came without a verified one (POST /connector/binding/email): a new
 * address creates the account and logs in; an address that has an account asks first, then mails a link. With
 * `code` (that link) the provider account is linked and the member logged in (POST /connector/binding/confirm).
 * `no_email=1`: the provider gave no address at all, so the spec §8 hint is shown.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ConnectorBindingEmailReq } from '@quorum/contract';
import { api } from '../../lib/api';
import { afterLogin } from '../../lib/auth';
import { csrfToken } from '../../lib/session';
import type { CurrentUser } from '../../lib/types';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import TextField from '../auth/TextField';

/**
 * True when the session's CSRF cookie is there and differs from `before` (csrfToken() read before a call): the call
 * opened a new session (each session has its own CSRF token). How this page learns that a call logged in, since no
 * response carries the session token to this client (lib/session.ts WEB_CLIENT_HEADERS).
 */
function sessionStartedSince(before: string | null): boolean {
  const now = csrfToken();
  return now !== null && now !== before;
}

/** The page: the link's confirmation when `code` is present, else the address form. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  return code ? <ConfirmLink code={code} /> : <AddressForm bindingKey={params.get('binding_key') ?? ''} noEmail={params.get('no_email') === '1'} />;
}

async function landLoggedIn(navigate: ReturnType<typeof useNavigate>, to?: string): Promise<void> {
  const user = await api.get<CurrentUser | null>('/answer/api/v1/user/info', undefined, { passingError: true });
  if (user) await afterLogin(user, navigate, to);
}

function ConfirmLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  usePageTitle(t('plugins.confirm.title'));
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post<{ redirect: string }>('/answer/api/v1/connector/binding/confirm', { code }, { passingError: true })
      .then((r) => landLoggedIn(navigate, r.redirect !== '/' ? r.redirect : undefined))
      .catch(() => setFailed(true));
  }, [code, navigate]);
  return (
    <AuthCard title={t('plugins.confirm.title')}>
      {failed ? (
        <Alert variant="danger">{t('plugins.confirm.link_failed')}</Alert>
      ) : (
        <div className="text-center py-3" role="status">
          <Spinner animation="border" aria-hidden="true" />
          <p className="mb-0 mt-2">{t('plugins.landing.processing')}</p>
        </div>
      )}
    </AuthCard>
  );
}

function AddressForm({ bindingKey, noEmail }: { bindingKey: string; noEmail: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [stage, setStage] = useState<'ask' | 'exists' | 'sent'>('ask');
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'));
  usePageTitle(t('plugins.confirm.title'));

  const send = async (must: boolean) => {
    const body = { binding_key: bindingKey, email, must };
    await run(translateChecks(t, schemaErrors(ConnectorBindingEmailReq, body)), async () => {
      // Logged in (a new address) shows as a new session cookie: the response's access_token is '' for this client.
      const before = csrfToken();
      const r = await api.post<{ email_exist_and_must_be_confirmed: boolean }>('/answer/api/v1/connector/binding/email', body);
      if (r.email_exist_and_must_be_confirmed) setStage('exists');
      else if (sessionStartedSince(before)) await landLoggedIn(navigate);
      else setStage('sent');
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  return (
    <AuthCard title={t('plugins.confirm.title')} subtitle={t('plugins.confirm.subtitle')}>
      {noEmail && <Alert variant="warning">{t('plugins.connector.email_hint')}</Alert>}
      {alert && <Alert variant="danger" role="alert">{alert}</Alert>}
      {stage === 'sent' ? (
        <p role="status">{t('plugins.confirm.sent', { email })}</p>
      ) : stage === 'exists' ? (
        <>
          <p>{t('plugins.confirm.exists', { email })}</p>
          <Button variant="primary" className="w-100" disabled={busy} onClick={() => void send(true)}>
            {t('plugins.confirm.link_account')}
          </Button>
        </>
      ) : (
        <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
          <TextField name="email" type="email" label={t('auth.fields.email')} value={email} onChange={(v) => { setEmail(v); clearError('email'); }} error={errors.email} autoComplete="email" autoFocus required />
          <Button type="submit" variant="primary" className="w-100 mt-2" disabled={busy}>
            {t('plugins.confirm.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
