/**
 * Header links to the notifications with unread counts (capped at '99+'). Loaded lazily by the header once a
 * user is logged in, so anonymous first loads do not carry it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { isActivated, type CurrentUser } from '../../lib/auth';
import { badgeCount, useNotificationStatus } from './status';

const BELL = 'M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2m.995-14.901a1 1 0 1 0-1.99 0A5 5 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901';
const TROPHY = 'M2.5.5A.5.5 0 0 1 3 0h10a.5.5 0 0 1 .5.5q0 .807-.034 1.536a3 3 0 1 1-1.133 5.89c-.79 1.865-1.878 2.777-2.833 3.011v2.173l1.425.356c.194.048.377.135.537.255L13.3 15.1a.5.5 0 0 1-.3.9H3a.5.5 0 0 1-.3-.9l1.838-1.379c.16-.12.343-.207.537-.255L6.5 13.11v-2.173c-.955-.234-2.043-1.146-2.833-3.012a3 3 0 1 1-1.132-5.89A33 33 0 0 1 2.5.5m.099 2.54a2 2 0 0 0 .72 3.935c-.333-1.05-.588-2.346-.72-3.935m10.083 3.935a2 2 0 0 0 .72-3.935c-.133 1.59-.388 2.885-.72 3.935';

function Icon({ d }: { d: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** Bell (inbox) and trophy (achievements, when there are unread ones) with their unread counts. */
export default function NotificationBadge({ user, light, className = '' }: { user: CurrentUser | null; light: boolean; className?: string }) {
  const { t } = useTranslation();
  const active = !!user && isActivated(user);
  const { data } = useNotificationStatus(active ? user.id : null);
  if (!active) return null;
  const link = (type: 'inbox' | 'achievement', d: string, n: number) => (
    <Link
      to={`/users/notifications/${type}`}
      className={`q-notify-link position-relative d-inline-flex align-items-center p-1 ${light ? 'link-light' : 'link-body-emphasis'}`}
      aria-label={n ? t(`notifications.badge_${type}`, { count: n, formatted: badgeCount(n) }) : t(`notifications.tab.${type}`)}
      title={t(`notifications.tab.${type}`)}
    >
      <Icon d={d} />
      {n ? (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger" style={{ fontSize: '0.625rem' }} data-testid={`notify-count-${type}`}>
          {badgeCount(n)}
        </span>
      ) : null}
    </Link>
  );
  return (
    <span className={`align-items-center gap-1 ${className || 'd-inline-flex'}`}>
      {link('inbox', BELL, data?.inbox ?? 0)}
      {data?.achievement ? link('achievement', TROPHY, data.achievement) : null}
    </span>
  );
}
