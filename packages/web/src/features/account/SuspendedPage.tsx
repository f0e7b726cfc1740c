/**
 * /users/account-suspended (spec §2, §8 "Account Suspended"): the end of the suspension from the login refusal
 * (403 `suspended_until`, unix seconds; 0 = forever) and the reason the administrator gave (`reason`, when there
 * is one), remembered in local storage by the request layer; for a logged-in suspended user without them, asked
 * for with a member call.
 */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { logout, useCurrentUser } from '../../lib/auth';
import { clearSuspension, readSuspension, readSuspensionReason, rememberSuspension } from '../../lib/session';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { StatusIcon } from './StatusIcon';

/** Formats a unix time for the current language. */
function formatTime(seconds: number, lang: string): string {
  return new Intl.DateTimeFormat(lang.replace('_', '-'), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

/** The suspended account notice. */
export default function SuspendedPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  usePageTitle(t('account.suspended.title'));
  const [until, setUntil] = useState(readSuspension);
  const [reason, setReason] = useState(readSuspensionReason);
  useEffect(() => {
    // A suspended user who did not come from a login refusal: any member call answers with the end time.
    if (!user || until !== null) return;
    api.get('/answer/api/v1/user/notification/config', undefined, { passingError: true }).catch((err: unknown) => {
      const data = err instanceof ApiError ? (err.data as { type?: string; suspended_until?: number; reason?: string } | null) : null;
      if (data?.type !== 'suspended') return;
      rememberSuspension(Number(data.suspended_until ?? 0), data.reason);
      setUntil(Number(data.suspended_until ?? 0));
      setReason(data.reason ?? '');
    });
  }, [user, until]);
  let text = t('account.suspended.text');
  if (until === 0) text = t('account.suspended.forever');
  else if (until) text = t('account.suspended.until', { time: formatTime(until, i18n.language) });

  const leave = async () => {
    clearSuspension();
    if (user) await logout();
    void navigate('/', { replace: true });
  };

  return (
    <AuthCard title={t('account.suspended.title')}>
      <div className="text-center">
        <StatusIcon kind="blocked" className="text-danger" />
        <p className="fw-medium">
          {text}
        </p>
        {reason && <p className="text-break" data-testid="suspension-reason">{t('penalties.notice_reason', { reason })}</p>}
        <p className="small text-body-secondary">{t('account.suspended.hint')}</p>
        <Button variant="outline-secondary" onClick={() => void leave()}>
          {user ? t('header.logout') : t('errors.back_home')}
        </Button>
      </div>
    </AuthCard>
  );
}
