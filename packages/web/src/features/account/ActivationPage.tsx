/**
 * /users/account-activation?code= (spec §2): confirms the activation link (POST /user/email/verification {code}),
 * which logs the user in, then shows the success page. An expired, used or unknown link (403 url_expired) goes
 * to the failed page for a logged-in member waiting for activation, and home for one already activated; a visitor
 * who is logged out (another device) is told so here, with the way to a new link: log in, and the inactive notice
 * offers to resend it.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { api, ApiError } from '../../lib/api';
import { afterLogin, isActivated, useCurrentUser } from '../../lib/auth';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';

/** Activates the account of the link, once (the code is single use). */
export default function ActivationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [error, setError] = useState<string | null>(code ? null : t('account.link_invalid'));
  const [expired, setExpired] = useState(false);
  const { user } = useCurrentUser();
  const waiting = !!user && !isActivated(user);
  const started = useRef('');
  usePageTitle(t('account.activation.title'));

  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    api
      .post<CurrentUser>('/answer/api/v1/user/email/verification', { code }, { passingError: true })
      .then((user) => afterLogin(user, navigate, '/users/account-activation/success'))
      .catch((err: unknown) => {
        const type = err instanceof ApiError ? (err.data as { type?: string } | null)?.type : undefined;
        if (type === 'url_expired') setExpired(true);
        else setError(err instanceof Error ? err.message : t('auth.errors.unknown'));
      });
  }, [code, navigate, t]);

  // The failed page resends the e-mail to the member logged in here; it is for them only (its guard). A member
  // already activated has nothing to do with the link: home, as before.
  useEffect(() => {
    if (expired && waiting) void navigate('/users/account-activation/failed', { replace: true });
    else if (expired && user) void navigate('/', { replace: true });
  }, [expired, waiting, user, navigate]);

  if (expired && !user) {
    return (
      <AuthCard title={t('account.activation.failed_title')}>
        <div className="text-center" role="status">
          <p>{t('account.activation.failed_text')}</p>
          <Link to="/users/login" className="btn btn-primary">
            {t('account.activation.failed_login')}
          </Link>
          <p className="small text-body-secondary mt-3 mb-0">{t('account.activation.failed_login_hint')}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.activation.title')}>
      {error ? (
        <>
          <Alert variant="danger">{error}</Alert>
          <Link to="/">{t('errors.back_home')}</Link>
        </>
      ) : (
        <div className="text-center py-3" role="status">
          <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
          <p className="mb-0">{t('account.activation.working')}</p>
        </div>
      )}
    </AuthCard>
  );
}
