/**
 * /users/auth-landing: where a third-party login comes back. Logged in (the server set the session cookie on the
 * callback): shows 'Processing', pulls the user and goes to the page the visitor started from (`redirect`, else
 * the remembered return target). Refused (`error=<kind>`): says why, with the spec §8 hint about e-mail access
 * when the provider refused.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { api } from '../../lib/api';
import { afterLogin } from '../../lib/auth';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';

const KNOWN_ERRORS = new Set(['disabled', 'state_mismatch', 'provider_error', 'code_refused', 'nonce_mismatch', 'id_token_invalid', 'no_external_id', 'plugin_error', 'registration_closed', 'email_domain', 'account_deleted', 'already_bound']);

/**
 * Refusals after which the spec §8 hint about e-mail access helps: the provider said no (the member may have
 * declined to share their account). A provider that simply gives no address goes to /users/confirm-email instead,
 * which shows the hint too.
 */
const HINTED = new Set(['provider_error']);

/** The landing page. */
export default function AuthLandingPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  return error ? <LoginFailed kind={KNOWN_ERRORS.has(error) ? error : 'unknown'} /> : <Processing redirect={params.get('redirect') ?? ''} />;
}

function Processing({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  usePageTitle(t('plugins.landing.processing'));
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = redirect.startsWith('/') && !redirect.startsWith('//') && redirect !== '/' ? redirect : undefined;
    api
      .get<CurrentUser | null>('/answer/api/v1/user/info', undefined, { passingError: true })
      .then((user) => {
        if (!user) throw new Error('no session');
        // The session is the cookie the callback set.
        return afterLogin(user, navigate, target);
      })
      .catch(() => setFailed(true));
  }, [navigate, redirect]);
  if (failed) return <LoginFailed kind="unknown" />;
  return (
    <AuthCard title={t('plugins.landing.processing')}>
      <div className="text-center py-3" role="status">
        <Spinner animation="border" aria-hidden="true" className="mb-2" />
        <p className="mb-0">{t('plugins.landing.processing')}</p>
      </div>
    </AuthCard>
  );
}

function LoginFailed({ kind }: { kind: string }) {
  const { t } = useTranslation();
  usePageTitle(t('plugins.landing.failed_title'));
  return (
    <AuthCard title={t('plugins.landing.failed_title')}>
      <Alert variant="danger" role="alert">
        {t(`plugins.landing.errors.${kind}`)}
      </Alert>
      {HINTED.has(kind) && <p className="small text-body-secondary">{t('plugins.connector.email_hint')}</p>}
      <Link to="/users/login" className="btn btn-primary w-100">
        {t('plugins.landing.back_to_login')}
      </Link>
    </AuthCard>
  );
}
