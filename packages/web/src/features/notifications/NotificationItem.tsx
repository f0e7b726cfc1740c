/** One notification: who did what, on which post, when; unread ones are marked. */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import type { UserBasic } from '../../lib/types';

/** One item of GET /notification/page. */
export interface NotificationRow {
  id: string;
  user_info?: UserBasic | null;
  object_info: { title: string; /** The question's permalink slug (server-made). */ url_title?: string; object_id: string; object_type: string; object_map: { question?: string; answer?: string; comment?: string } };
  rank: number;
  /** What happened, as a phrase in the reader's language (the server translates it, as Answer's does); absent on achievements. */
  notification_action?: string;
  is_read: boolean;
  update_time: number;
}

/** Where a notification leads: the question, at the answer, with the comment highlighted. */
function targetOf(n: NotificationRow, permalink: number): string | null {
  const m = n.object_info.object_map ?? {};
  const qid = m.question || (n.object_info.object_type === 'question' ? n.object_info.object_id : '');
  if (!qid) return null;
  const path = questionPath(qid, n.object_info.title || 'question', permalink, m.answer, n.object_info.url_title);
  return m.comment ? `${path}?commentId=${encodeURIComponent(m.comment)}` : path;
}

/** A notification row; `onOpen` marks it read when its link is followed. */
export function NotificationItem({ n, onOpen }: { n: NotificationRow; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const permalink = permalinkStyle(useSiteInfo());
  const href = targetOf(n, permalink);
  const name = n.user_info?.display_name || n.user_info?.username || '';
  const open = () => {
    if (!n.is_read) onOpen(n.id);
  };
  return (
    <li className={`list-group-item d-flex gap-3 py-3 ${n.is_read ? '' : 'bg-primary-subtle bg-opacity-50'}`} data-read={n.is_read ? 'true' : 'false'}>
      {n.rank ? (
        <span className={`badge rounded flex-shrink-0 align-self-start ${n.rank > 0 ? 'text-bg-success' : 'text-bg-danger'}`} style={{ minWidth: 40 }}>
          {n.rank > 0 ? '+' : ''}
          {n.rank}
        </span>
      ) : (
        <Avatar src={n.user_info?.avatar} name={name || '?'} size={32} />
      )}
      <div className="flex-grow-1 min-w-0">
        <div className="small">
          {n.user_info ? <UserLink user={n.user_info} className="fw-semibold" /> : null} {n.notification_action ?? ''}
        </div>
        {href ? (
          <Link to={href} onClick={open} className={`text-break ${n.is_read ? '' : 'fw-semibold'}`}>
            {n.object_info.title || t('notifications.untitled')}
          </Link>
        ) : (
          <span className="text-break">{n.object_info.title}</span>
        )}
        <div className="small text-body-secondary">
          <TimeAgo at={n.update_time} />
        </div>
      </div>
      {!n.is_read ? (
        <span className="flex-shrink-0 align-self-center rounded-circle bg-primary" style={{ width: 8, height: 8 }} title={t('notifications.unread')}>
          <span className="visually-hidden">{t('notifications.unread')}</span>
        </span>
      ) : null}
    </li>
  );
}
