/**
 * The directory of /users (UserListPage): one page of members as a grid of cards (GET /user/directory) with its
 * count, loading, empty and error states and page links. Every card has the same two lines under the name whatever
 * it holds, and avatars have their size before they load, so nothing moves when data or images arrive.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectorySort } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import { Pager } from '../../components/Pager';
import { formatCount, formatDate } from '../../lib/format';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { DIRECTORY_PAGE_SIZE, useDirectory, type DirectoryMember } from './directory';

const GRID = 'list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-2 mb-0';
/** Card height: a 48 px avatar or three lines of text, with padding and border (skeletons take the same). */
const CARD_HEIGHT = 82;

/** A member's card: avatar, name, and two lines the card always has; the server's markup is kept at
 * hydration (components/HydrateLater.tsx): `watch` is what its lines are made of (the member, the sort, the language).. */
function Card({ name, username, avatar, first, second, watch }: { name: string; username: string; avatar: string; first: ReactNode; second: ReactNode; watch: readonly unknown[] }) {
  return (
    <HydrateLater as="li" watch={watch} className="col" data-testid="member-card">
      <div className="d-flex align-items-center gap-2 p-2 rounded border h-100 bg-body" style={{ minHeight: CARD_HEIGHT }}>
        <Avatar src={avatar} name={name} size={48} />
        <div className="overflow-hidden small lh-sm">
          <Link to={`/users/${encodeURIComponent(username)}`} className="fw-semibold text-decoration-none d-block text-truncate fs-6 mb-1">
            {name}
          </Link>
          <div className="text-body-secondary text-truncate">{first}</div>
          <div className="text-body-secondary text-truncate">{second || '\u00a0'}</div>
        </div>
      </div>
    </HydrateLater>
  );
}

/** The line a sort puts under a member's reputation: votes, edits, the staff role, else where they are or when they joined. */
function SortLine({ member, sort }: { member: DirectoryMember; sort: DirectorySort }) {
  const { t, i18n } = useTranslation();
  if (sort === 'voters') return <>{t('member_directory.votes', { count: member.vote_count, formatted: formatCount(member.vote_count) })}</>;
  if (sort === 'editors') return <>{t('member_directory.edits', { count: member.edit_count, formatted: formatCount(member.edit_count) })}</>;
  if (sort === 'moderators') return <>{t(member.role_id === 2 ? 'member_directory.admin' : 'member_directory.moderator')}</>;
  if (sort === 'reputation' && member.location) return <>{member.location}</>;
  // The date is the reader's time zone's, which the server cannot know: the browser's may differ by a day.
  return (
    <time dateTime={new Date(member.created_at * 1000).toISOString()} suppressHydrationWarning>
      {t('member_directory.joined')} {formatDate(member.created_at, i18n.language)}
    </time>
  );
}

/**
 * One page of the directory. `hrefFor(page)` builds page links, `clearHref` the address without the name filter.
 */
export function MemberGrid({ sort, q, page, hrefFor, clearHref }: { sort: DirectorySort; q: string; page: number; hrefFor: (page: number) => string; clearHref: string }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, isPlaceholderData } = useDirectory(sort, page, q);
  const slow = useDelayedFlag(isPending);
  const reputation = (m: DirectoryMember) => t('member_directory.reputation', { formatted: formatCount(m.rank) });
  return (
    <div aria-busy={isPending || isPlaceholderData} className={isPlaceholderData ? 'opacity-75' : undefined}>
      <p className="small text-body-secondary mb-2" aria-live="polite">
        {data ? t('member_directory.count', { count: data.count, formatted: formatCount(data.count) }) : '\u00a0'}
      </p>
      {isError && !data ? (
        <p className="alert alert-danger" role="alert">
          {t('member_directory.load_failed')}
        </p>
      ) : null}
      {data && data.list.length === 0 ? (
        <div className="text-center py-5 border rounded bg-body">
          <p className="h5 mb-2">{q ? t('member_directory.empty_filtered', { q }) : t('member_directory.empty')}</p>
          {q ? (
            <Link to={clearHref} className="btn btn-outline-primary mt-2">
              {t('member_directory.clear_filter')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {data ? (
        <ul className={GRID}>
          {data.list.map((m) => (
            <Card key={m.id} name={m.display_name || m.username} username={m.username} avatar={m.avatar} first={reputation(m)} second={<SortLine member={m} sort={sort} />} watch={[m, sort, i18n.language]} />
          ))}
        </ul>
      ) : isPending ? (
        <ul className={GRID} aria-hidden="true" style={{ minHeight: 3 * CARD_HEIGHT }}>
          {slow
            ? Array.from({ length: 8 }, (_, i) => (
                <li key={i} className="col">
                  <div className="q-skeleton rounded" style={{ height: CARD_HEIGHT }} />
                </li>
              ))
            : null}
        </ul>
      ) : null}
      {data ? (
        <div className="d-flex justify-content-center mt-4">
          <Pager page={page} total={data.count} pageSize={DIRECTORY_PAGE_SIZE} hrefFor={hrefFor} label={t('member_directory.pager')} />
        </div>
      ) : null}
    </div>
  );
}
