/**
 * /users: the user list (spec §2), from GET /user/ranking: users who gained the most reputation, who voted
 * the most (both over the last week), and the staff.
 */
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { Avatar } from '../../components/Avatar';
import { formatCount } from '../../lib/format';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRanking, type RankedUser } from './api';

type Metric = 'reputation' | 'votes' | 'staff';

function UserCard({ user, metric }: { user: RankedUser; metric: Metric }) {
  const { t } = useTranslation();
  const name = user.display_name || user.username;
  const value = metric === 'votes' ? t('user_list.vote_count', { count: user.vote_count, formatted: formatCount(user.vote_count) }) : t('user_list.reputation', { formatted: formatCount(user.rank) });
  return (
    <li className="col">
      <div className="d-flex align-items-center gap-2 p-2 rounded border h-100 bg-body">
        <Avatar src={user.avatar} name={name} size={40} />
        <div className="min-w-0">
          <Link to={`/users/${encodeURIComponent(user.username)}`} className="fw-semibold text-decoration-none d-block text-truncate">
            {name}
          </Link>
          <span className="small text-body-secondary">{value}</span>
        </div>
      </div>
    </li>
  );
}

function Section({ id, title, users, metric, loading, slow }: { id: string; title: string; users?: RankedUser[]; metric: Metric; loading: boolean; slow: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5 mb-3">
        {title}
      </h2>
      {loading ? (
        slow ? (
          <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-2 mb-0" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="col">
                <div className="q-skeleton rounded" style={{ height: 58 }} />
              </li>
            ))}
          </ul>
        ) : (
          <div style={{ minHeight: 58 }} />
        )
      ) : users?.length ? (
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-2 mb-0">
          {users.map((u) => (
            <UserCard key={u.username} user={u} metric={metric} />
          ))}
        </ul>
      ) : users ? (
        <p className="text-body-secondary mb-0">{t('user_list.empty')}</p>
      ) : null}
    </section>
  );
}

/** The user list page. */
export default function UserListPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRanking();
  const slow = useDelayedFlag(isPending);
  usePageTitle(t('user_list.title'));
  return (
    <div className="container">
      <h1 className="h3 mb-1">{t('user_list.title')}</h1>
      <p className="text-body-secondary mb-4">{t('user_list.subtitle')}</p>
      {isError ? <Alert variant="danger">{t('user_list.load_failed')}</Alert> : null}
      <Section id="q-users-rep" title={t('user_list.most_reputation')} users={data?.users_with_the_most_reputation} metric="reputation" loading={isPending} slow={slow} />
      <Section id="q-users-votes" title={t('user_list.most_votes')} users={data?.users_with_the_most_vote} metric="votes" loading={isPending} slow={slow} />
      <Section id="q-users-staff" title={t('user_list.staff')} users={data?.staffs} metric="staff" loading={isPending} slow={slow} />
    </div>
  );
}
