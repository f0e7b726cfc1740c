/**
 * The notice a silenced member sees where they would write (the ask page, the answer form): until when (or that
 * it has no end), what a silence refuses, and the reason the administrator gave (GET /user/penalty). Renders
 * nothing for anyone not silenced. The server refuses the writes anyway (403 `error.user.silenced`, shown as a
 * toast with the same end and reason); this says so before the member types.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';

interface OwnPenalties {
  silence: { until: number; reason: string } | null;
}

/** The notice, or null. */
export function SilencedNotice({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const silenced = !!user?.silenced;
  const own = useQuery({ queryKey: ['own-penalties', user?.id ?? ''], queryFn: () => api.get<OwnPenalties>('/answer/api/v1/user/penalty'), enabled: silenced, staleTime: 30_000 });
  if (!user || !silenced) return null;
  const until = own.data?.silence?.until ?? user.silenced_until ?? 0;
  const reason = own.data?.silence?.reason ?? '';
  return (
    <Alert variant="warning" className={className} role="status" data-testid="silenced-notice">
      <p className="mb-0">{until ? t('penalties.notice_until', { time: formatDateTime(until, i18n.language) }) : t('penalties.notice_forever')}</p>
      {reason && <p className="mb-0 mt-1 text-break">{t('penalties.notice_reason', { reason })}</p>}
    </Alert>
  );
}
