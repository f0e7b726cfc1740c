import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../lib/format';

/** A `<time>` showing a relative time ('3 hours ago') with the full date as tooltip. `at` is unix seconds. */
export function TimeAgo({ at, className }: { at: number; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!at) return null;
  const iso = new Date(at * 1000).toISOString();
  return (
    <time dateTime={iso} title={formatDateTime(at, i18n.language)} className={className} suppressHydrationWarning>
      {formatRelative(at, i18n.language, t('time.just_now'))}
    </time>
  );
}
