import { useState } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { setReactions, useReactionBatch, type ReactionSummary } from './batch';
import { useGate } from './useGate';

/** Drawn icons: no emoji font is assumed on the reader's system. */
const face = (mouth: string) => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" aria-hidden="true">
    <circle cx="8" cy="8" r="6.3" />
    <circle cx="5.8" cy="6.4" r=".6" fill="currentColor" />
    <circle cx="10.2" cy="6.4" r=".6" fill="currentColor" />
    <path d={mouth} />
  </svg>
);
const EMOJIS = [
  {
    id: 'heart',
    glyph: (
      <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d="M8 14s-5.5-3.3-5.5-7.2A3 3 0 0 1 8 5a3 3 0 0 1 5.5 1.8C13.5 10.7 8 14 8 14z" />
      </svg>
    ),
  },
  { id: 'smile', glyph: face('M5.3 9.6c1.4 1.6 4 1.6 5.4 0') },
  { id: 'frown', glyph: face('M5.3 11.2c1.4-1.6 4-1.6 5.4 0') },
] as const;

/** Names of who reacted, for the tooltip: 'ana, bo and 3 more'. */
function whoReacted(t: (k: string, o?: Record<string, unknown>) => string, users: { username: string; display_name: string }[], count: number): string {
  const names = users.slice(0, 5).map((u) => u.display_name || u.username);
  if (!names.length) return '';
  const rest = count - names.length;
  return rest > 0 ? t('qa.reaction.who_more', { names: names.join(', '), count: rest }) : t('qa.reaction.who', { names: names.join(', ') });
}

/**
 * Heart / smile / frown reactions under a post with counts and who reacted (tooltip and accessible label).
 * Reads the page's batched GET /meta/reaction/batch; toggling sends PUT /meta/reaction and stores its summary.
 */
export function Reactions({ objectId, pageIds }: { objectId: string; pageIds: string[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gate = useGate();
  const { user } = useCurrentUser();
  const batch = useReactionBatch(pageIds);
  const [busy, setBusy] = useState(false);
  const items = batch.data?.[objectId]?.reaction_summary ?? [];

  const toggle = async (emoji: string, active: boolean) => {
    if (busy || !gate()) return;
    setBusy(true);
    try {
      const r = await api.put<ReactionSummary>('/answer/api/v1/meta/reaction', { object_id: objectId, emoji, reaction: active ? 'deactivate' : 'activate' });
      setReactions(qc, pageIds, user?.id ?? '', objectId, r);
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex gap-1" role="group" aria-label={t('qa.reaction.label')}>
      {EMOJIS.map((e) => {
        const item = items.find((i) => i.emoji === e.id);
        const count = item?.count ?? 0;
        const who = item ? whoReacted(t, item.users ?? [], count) : '';
        const name = t(`qa.reaction.${e.id}`);
        const button = (
          <button
            type="button"
            className={`btn btn-sm py-0 px-2 rounded-pill ${item?.is_active ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-pressed={!!item?.is_active}
            aria-label={`${name}: ${count}${who ? `. ${who}` : ''}`}
            disabled={busy}
            onClick={() => void toggle(e.id, !!item?.is_active)}
          >
            <span className="d-inline-flex align-middle">{e.glyph}</span>
            {count ? <span className="ms-1 small">{formatCount(count)}</span> : null}
          </button>
        );
        return (
          <OverlayTrigger key={e.id} placement="top" overlay={<Tooltip id={`qa-react-${objectId}-${e.id}`}>{who || name}</Tooltip>}>
            {button}
          </OverlayTrigger>
        );
      })}
    </div>
  );
}
