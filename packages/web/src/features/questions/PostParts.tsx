import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { formatCount } from '../../lib/format';
import type { UserBasic } from '../../lib/types';

/** Author card under a post: 'asked 3 hours ago', avatar, name and reputation. */
export function AuthorCard({ user, at, verb, highlight = false }: { user: UserBasic | null; at: number; verb: string; highlight?: boolean }) {
  const { t } = useTranslation();
  const name = user ? user.display_name || user.username : t('post.deleted_user');
  return (
    <div className={`q-author small rounded p-2 ${highlight ? 'bg-primary-subtle' : 'bg-body-tertiary'}`} style={{ minWidth: 200 }}>
      <div className="text-body-secondary mb-1">
        {verb} <TimeAgo at={at} />
      </div>
      <div className="d-flex align-items-center gap-2">
        <Avatar src={user?.avatar} name={name} size={32} />
        <div className="lh-sm">
          {user ? <UserLink user={user} className="fw-semibold" /> : <span>{name}</span>}
          {user ? (
            <div className="text-body-secondary" title={t('post.reputation')}>
              <span className="visually-hidden">{t('post.reputation')}: </span>
              {formatCount(user.rank)}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Read-only score of a post, with an accessible label. */
export function VoteCount({ count, accepted = false }: { count: number; accepted?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="q-vote d-flex flex-column align-items-center text-body-secondary flex-shrink-0">
      <span className="fs-4 fw-semibold text-body" aria-label={t('post.votes', { count })}>
        {formatCount(count)}
      </span>
      <span className="small" aria-hidden="true">
        {t('post.votes_short', { count })}
      </span>
      {accepted ? (
        <span className="mt-2 text-success fs-4" title={t('post.accepted')} role="img" aria-label={t('post.accepted')}>
          ✓
        </span>
      ) : null}
    </div>
  );
}
