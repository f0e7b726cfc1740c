/**
 * Header link to /review with the number of waiting tasks (spec §9 count cap: '99+'), for moderators and
 * administrators and for members whose reputation lets them review edits. Loaded lazily by the header once a
 * user is logged in. Moderators poll GET /reviewing/type like the notification badge; a member asks once and
 * polls only when the answer shows they have a queue.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { isActivated, isStaff, type CurrentUser } from '../../lib/auth';
import { capCount } from '../../lib/format';
import { useReviewingTypes } from './api';

const SHIELD = 'M5.338 1.59a61 61 0 0 0-2.837.856.48.48 0 0 0-.328.39c-.554 4.157.726 7.19 2.253 9.188a10.7 10.7 0 0 0 2.287 2.233c.346.244.652.42.893.533q.18.085.293.118a1 1 0 0 0 .101.025 1 1 0 0 0 .1-.025q.114-.034.294-.118c.24-.113.547-.29.893-.533a10.7 10.7 0 0 0 2.287-2.233c1.527-1.997 2.807-5.031 2.253-9.188a.48.48 0 0 0-.328-.39c-.651-.213-1.75-.56-2.837-.855C9.552 1.29 8.531 1.067 8 1.067c-.53 0-1.552.223-2.662.524zM5.072.56C6.157.265 7.31 0 8 0s1.843.265 2.928.56c1.11.3 2.229.655 2.887.87a1.54 1.54 0 0 1 1.044 1.262c.596 4.477-.787 7.795-2.465 9.99a11.8 11.8 0 0 1-2.517 2.453 7 7 0 0 1-1.048.625c-.28.132-.581.24-.829.24s-.548-.108-.829-.24a7 7 0 0 1-1.048-.625 11.8 11.8 0 0 1-2.517-2.453C1.928 10.487.545 7.169 1.141 2.692A1.54 1.54 0 0 1 2.185 1.43 63 63 0 0 1 5.072.56';

/** The badge; renders nothing for people without a review queue. */
export default function ReviewBadge({ user, light, className = '' }: { user: CurrentUser | null; light: boolean; className?: string }) {
  const { t } = useTranslation();
  const active = !!user && isActivated(user) && user.status !== 'suspended';
  const staff = active && isStaff(user);
  // Members ask once; the answer decides whether they poll.
  const probe = useReviewingTypes(active ? user.id : null, staff);
  const list = probe.data ?? [];
  // A second observer of the same query keeps a member with a queue polling.
  useReviewingTypes(!staff && list.length ? user!.id : null, true);
  if (!active || !list.length) return null;
  const total = list.reduce((n, q) => n + (q.todo_amount || 0), 0);
  return (
    <Link
      to="/review"
      className={`q-review-link position-relative align-items-center p-1 ${light ? 'link-light' : 'link-body-emphasis'} ${className || 'd-inline-flex'}`}
      aria-label={total ? t('review.badge_count', { count: total, formatted: capCount(total) }) : t('review.badge')}
      title={t('review.badge')}
      data-testid="review-badge"
    >
      <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d={SHIELD} />
      </svg>
      {total ? (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger" style={{ fontSize: '0.625rem' }} data-testid="review-count">
          {capCount(total)}
        </span>
      ) : null}
    </Link>
  );
}
