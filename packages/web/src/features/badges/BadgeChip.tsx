/** A badge as a small labelled chip: its level's colour (bronze, silver, gold), name and how many times earned. */
import { Link } from '../../components/Link';
import { useTranslation } from 'react-i18next';
import type { BadgeSummary } from './api';

const LEVEL = { 1: 'bronze', 2: 'silver', 3: 'gold' } as const;
const COLOR = { 1: '#cd7f32', 2: '#a8a9ad', 3: '#d4af37' } as const;

/** Links to the badge's page; `count` (times earned) shows when above 1. */
export function BadgeChip({ badge, count }: { badge: Pick<BadgeSummary, 'id' | 'name' | 'level'>; count?: number }) {
  const { t } = useTranslation();
  return (
    <Link to={`/badges/${badge.id}`} className="badge rounded-pill text-bg-light border text-decoration-none d-inline-flex align-items-center gap-1 py-2 px-3" data-testid={`badge-${badge.id}`}>
      <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: '50%', background: COLOR[badge.level], display: 'inline-block' }} />
      <span className="visually-hidden">{t(`badges.level.${LEVEL[badge.level]}`)}</span>
      <span>{badge.name}</span>
      {count && count > 1 ? <span className="text-body-secondary">×{count}</span> : null}
    </Link>
  );
}
