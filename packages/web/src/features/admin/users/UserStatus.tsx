/** A user's status as a badge; a suspension shows its end time, or 'forever'. */
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

const COLORS: Record<string, string> = { normal: 'success', suspended: 'danger', deleted: 'secondary', inactive: 'warning', pending: 'info' };

/**
 * The badge; `until` is unix seconds (0 = forever) for suspended users; `silencedUntil` (when known: -1 none,
 * 0 forever, else its end) adds a Silenced badge with its end.
 */
export function UserStatusBadge({ status, until, silencedUntil = -1 }: { status: string; until: number; silencedUntil?: number }) {
  const { t, i18n } = useTranslation();
  const bg = COLORS[status] ?? 'secondary';
  return (
    <span className="d-inline-flex flex-column">
      <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined} className="align-self-start">
        {t(`admin.users.status_${status}`, { defaultValue: status })}
      </Badge>
      {status === 'suspended' && (
        <span className="small text-body-secondary">{until ? t('admin.users.until', { time: formatDateTime(until, i18n.language) }) : t('admin.users.forever')}</span>
      )}
      {silencedUntil >= 0 && (
        <>
          <Badge bg="warning" text="dark" className="align-self-start mt-1">{t('penalties.status_silenced')}</Badge>
          <span className="small text-body-secondary">{silencedUntil ? t('admin.users.until', { time: formatDateTime(silencedUntil, i18n.language) }) : t('admin.users.forever')}</span>
        </>
      )}
    </span>
  );
}
