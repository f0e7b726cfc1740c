/**
 * /admin/users/{user_id} (spec §2; GET /admin/api/user/info): the user's account, profile, counts, status (and a
 * silence in force), the user dialogs, the penalty history (PenaltyHistory.tsx), and what administrators did to
 * the account.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../../components/Link';
import { Avatar } from '../../../components/Avatar';
import { PageSpinner } from '../../../components/PageSpinner';
import { TimeAgo } from '../../../components/TimeAgo';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ADMIN_KEY, fetchUser } from '../api';
import { AuditList } from '../dashboard/AuditList';
import { UserActionsMenu } from './UserActionsMenu';
import { useUserActions } from './UserDialogs';
import { PenaltyHistory } from './PenaltyHistory';
import { fetchPenalties, penaltiesKey } from './penaltyApi';
import { UserStatusBadge } from './UserStatus';

/** The user detail page. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { data: user } = useQuery({ queryKey: [ADMIN_KEY, 'user', userId], queryFn: () => fetchUser(userId) });
  const penalties = useQuery({ queryKey: penaltiesKey(ADMIN_KEY, userId), queryFn: () => fetchPenalties(userId) });
  const { open, dialogs } = useUserActions();
  usePageTitle(user ? user.display_name : t('admin.nav.users'));
  if (!user) return <PageSpinner />;
  const silencedUntil = penalties.data?.silenced_until ?? -1;
  const target = { ...user, silenced: silencedUntil >= 0 };
  const facts: [string, React.ReactNode][] = [
    [t('admin.users.username'), <Link key="u" to={`/users/${encodeURIComponent(user.username)}`}>@{user.username}</Link>],
    [t('admin.users.email'), user.e_mail],
    [t('admin.users.role'), user.role_name],
    [t('admin.users.status'), <UserStatusBadge key="s" status={user.status} until={user.suspended_until} silencedUntil={silencedUntil} />],
    [t('admin.users.reputation'), user.rank],
    [t('admin.users.questions'), user.question_count],
    [t('admin.users.answers'), user.answer_count],
    [t('admin.users.joined'), <TimeAgo key="j" at={user.created_at} />],
    [t('admin.users.last_login'), user.last_login_date ? <TimeAgo key="l" at={user.last_login_date} /> : '—'],
    [t('admin.users.website'), user.website || '—'],
    [t('admin.users.location'), user.location || '—'],
  ];
  return (
    <section aria-labelledby="q-admin-page-title">
      <p className="small mb-2">
        <Link to="/admin/users">← {t('admin.nav.users')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <Avatar src={user.avatar} name={user.display_name} size={64} />
        <div className="flex-grow-1">
          <h2 id="q-admin-page-title" className="h4 mb-0">{user.display_name}</h2>
          <div className="text-body-secondary small">{user.user_id}</div>
        </div>
        <UserActionsMenu user={target} onPick={open} />
      </div>
      <dl className="row q-admin-facts">
        {facts.map(([k, v]) => (
          <div key={k} className="col-sm-6 col-xl-4 mb-2">
            <dt className="small text-body-secondary fw-normal">{k}</dt>
            <dd className="mb-0 text-break">{v}</dd>
          </div>
        ))}
      </dl>
      {user.bio && (
        <>
          <h3 className="h6 mt-3">{t('admin.users.bio')}</h3>
          <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>{user.bio}</p>
        </>
      )}
      <PenaltyHistory userId={user.user_id} name={user.display_name || user.username} />
      <h3 className="h6 mt-4">{t('admin.users.history')}</h3>
      <AuditList entries={user.history ?? []} />
      {dialogs}
    </section>
  );
}
