/**
 * The "This week" tab of /users (UserListPage): Answer's three weekly lists (GET /user/ranking: most reputation
 * gained, most votes cast, the staff) as cards like the directory's.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { Card, CARD_HEIGHT, GRID } from './MemberGrid';

/** A user in the weekly lists. */
export interface RankedUser {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  vote_count: number;
}

/** GET /user/ranking (Answer's UserRankingResp). */
export interface Ranking {
  users_with_the_most_reputation: RankedUser[];
  users_with_the_most_vote: RankedUser[];
  staffs: RankedUser[];
}

/** GET /user/ranking (the server embeds it when it renders the tab, modules/ssr/ssr.users.ts). */
export function useRanking() {
  return useQuery({
    queryKey: [apiKey('/answer/api/v1/user/ranking')],
    queryFn: () => api.get<Ranking>('/answer/api/v1/user/ranking'),
  });
}

/** One weekly list (reputation gained, votes cast, or the staff). */
function WeekList({ id, title, users, votes }: { id: string; title: string; users?: RankedUser[]; votes?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5 mb-2">
        {title}
      </h2>
      {users && users.length === 0 ? <p className="text-body-secondary mb-0">{t('member_directory.nobody')}</p> : null}
      {users?.length ? (
        <ul className={GRID}>
          {users.map((u) => (
            <Card
              key={u.username}
              name={u.display_name || u.username}
              username={u.username}
              avatar={u.avatar}
              first={t('member_directory.reputation', { formatted: formatCount(u.rank) })}
              second={votes ? t('member_directory.votes', { count: u.vote_count, formatted: formatCount(u.vote_count) }) : ''}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The "This week" tab: Answer's three weekly lists. */
export function WeekLists() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRanking();
  return (
    <div aria-busy={isPending} style={isPending ? { minHeight: 3 * CARD_HEIGHT } : undefined}>
      <p className="small text-body-secondary mb-3">{t('member_directory.week_intro')}</p>
      {isError ? (
        <p className="alert alert-danger" role="alert">
          {t('member_directory.load_failed')}
        </p>
      ) : null}
      {data ? (
        <>
          <WeekList id="q-week-rep" title={t('member_directory.most_reputation')} users={data.users_with_the_most_reputation} />
          <WeekList id="q-week-votes" title={t('member_directory.most_votes')} users={data.users_with_the_most_vote} votes />
          <WeekList id="q-week-staff" title={t('member_directory.staff')} users={data.staffs} />
        </>
      ) : null}
    </div>
  );
}
