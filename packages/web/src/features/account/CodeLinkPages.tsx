/**
 * Pages that confirm an e-mailed link once on arrival: /users/confirm-new-email?code= (PUT /user/email) and
 * /users/unsubscribe?code= (PUT /user/notification/unsubscribe). Expired or used links say so.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { api } from '../../lib/api';
import { hasSession, refreshCurrentUser } from '../../lib/auth';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { isExpiredLink } from './PasswordResetPage';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Runs `call(code)` once per code; the state of that call. */
function useCodeCall(call: (code: string) => Promise<unknown>): State {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<State>(code ? { kind: 'working' } : { kind: 'failed', message: t('account.link_invalid') });
  const started = useRef('');
  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    call(code)
      .then(() => setState({ kind: 'done' }))
      .catch((err: unknown) => setState({ kind: 'failed', message: isExpiredLink(err) ? t('account.link_expired') : err instanceof Error ? err.message : t('auth.errors.unknown') }));
  }, [code, call, t]);
  return state;
}

function Working() {
  const { t } = useTranslation();
  return (
    <div className="text-center py-3" role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

const confirmEmail = async (code: string) => {
  await api.put('/answer/api/v1/user/email', { code }, { passingError: true });
  if (hasSession()) await refreshCurrentUser();
};

/** /users/confirm-new-email */
export function ConfirmNewEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.confirm_email.title'));
  const state = useCodeCall(confirmEmail);
  return (
    <AuthCard title={t('account.confirm_email.title')}>
      {state.kind === 'working' && <Working />}
      {state.kind === 'done' && (
        <>
          <Alert variant="success">{t('account.confirm_email.done')}</Alert>
          <Link to={hasSession() ? '/users/settings/account' : '/users/login'} className="btn btn-primary w-100">
            {hasSession() ? t('account.confirm_email.to_settings') : t('auth.login.submit')}
          </Link>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert variant="warning">{state.message}</Alert>
          <Link to="/users/change-email">{t('account.confirm_email.again')}</Link>
        </>
      )}
    </AuthCard>
  );
}

const unsubscribe = (code: string) => api.put('/answer/api/v1/user/notification/unsubscribe', { code }, { passingError: true });

/** /users/unsubscribe */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t('account.unsubscribe.title'));
  const state = useCodeCall(unsubscribe);
  return (
    <AuthCard title={t('account.unsubscribe.title')}>
      {state.kind === 'working' && <Working />}
      {state.kind === 'done' && (
        <>
          <Alert variant="success">{t('account.unsubscribe.done')}</Alert>
          <Link to="/users/settings/notify">{t('account.unsubscribe.settings')}</Link>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert variant="warning">{state.message}</Alert>
          <Link to="/">{t('errors.back_home')}</Link>
        </>
      )}
    </AuthCard>
  );
}
