/** A staged question's state as a badge ("Waiting for review", "Changes requested" ...; ui-staging.yaml). */
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { StagingState } from '@quorum/contract';

/** Badge colours by state. */
const STATE_BG: Record<StagingState, string> = { waiting: 'info', changes: 'warning', published: 'success', queued: 'secondary', removed: 'danger' };

/** The state badge ("Waiting for review", "Changes requested" ...). */
export function StagingStateBadge({ state }: { state: StagingState }) {
  const { t } = useTranslation();
  return (
    <Badge bg={STATE_BG[state]} text={state === 'changes' || state === 'waiting' ? 'dark' : undefined} data-testid="staging-state">
      {t(`staging.state.${state}`)}
    </Badge>
  );
}
