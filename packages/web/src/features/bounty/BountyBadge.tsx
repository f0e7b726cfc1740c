/** The "+100" badge of a question with an open bounty, in question lists and search results. */
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

/** The badge, or nothing when `amount` is 0 or missing. */
export function BountyBadge({ amount, className = '' }: { amount?: number; className?: string }) {
  const { t } = useTranslation();
  if (!amount) return null;
  const label = t('bounty.badge_title', { amount });
  return (
    <Badge bg="primary" className={`q-bounty-badge align-text-top ${className}`} title={label} aria-label={label} data-testid="bounty-badge">
      +{amount}
    </Badge>
  );
}
