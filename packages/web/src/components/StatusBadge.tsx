import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { PostStatus, ShowState } from '@quorum/contract';

/**
 * Post status badge (spec §4): nothing for a normal listed post; closed and pending warning, deleted danger,
 * unlisted secondary.
 */
export function StatusBadge({ status, show, className = '' }: { status: number; show?: number; className?: string }) {
  const { t } = useTranslation();
  let bg: string | null = null;
  let label = '';
  if (status === PostStatus.closed) [bg, label] = ['warning', t('status.closed')];
  else if (status === PostStatus.pending) [bg, label] = ['warning', t('status.pending')];
  else if (status === PostStatus.deleted) [bg, label] = ['danger', t('status.deleted')];
  else if (show === ShowState.unlisted) [bg, label] = ['secondary', t('status.unlisted')];
  if (!bg) return null;
  return (
    <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined} className={className}>
      {label}
    </Badge>
  );
}
