import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { refusal, usePermissions } from './usePermissions';
import { useGate } from './useGate';

/** POST /vote/up|down response. */
export interface VoteResult {
  votes: number;
  vote_status: string;
}

const arrow = (up: boolean) => (
  <svg width="22" height="22" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
    <path d={up ? 'M8 3.5 14 11H2z' : 'M8 12.5 2 5h12z'} />
  </svg>
);

/**
 * Up/down vote buttons with the score (spec §6: no votes on one's own post; the server's 400 toast says so).
 * Pressing the active direction again takes the vote back (`is_cancel`). A direction the member has not earned
 * yet (GET /permission) is shown disabled with the reason as tooltip and hidden text, and says it when pressed.
 * @param kind 'question' or 'answer': which vote privileges apply
 * @param onVoted receives the new score and the viewer's vote ('vote_up' | 'vote_down' | '')
 */
export function VoteBox({ objectId, kind, count, status, onVoted }: { objectId: string; kind: 'question' | 'answer'; count: number; status: string; onVoted: (r: VoteResult) => void }) {
  const { t } = useTranslation();
  const gate = useGate();
  const [busy, setBusy] = useState(false);
  const perms = usePermissions([`${kind}.vote_up`, `${kind}.vote_down`]);
  // Taking back a vote already cast is always possible.
  const why = (dir: 'up' | 'down') => (status === `vote_${dir}` ? '' : refusal(perms, `${kind}.vote_${dir}`));
  const vote = async (dir: 'up' | 'down') => {
    if (busy || !gate()) return;
    if (why(dir)) return toast(why(dir), 'info');
    setBusy(true);
    try {
      const r = await api.post<VoteResult>(`/answer/api/v1/vote/${dir}`, { object_id: objectId, is_cancel: status === `vote_${dir}` });
      onVoted(r);
    } catch {
      // Shown by the API client (toast for own post and missing privilege).
    } finally {
      setBusy(false);
    }
  };
  const up = status === 'vote_up';
  const down = status === 'vote_down';
  return (
    <div className="q-votebox d-flex flex-column align-items-center flex-shrink-0" style={{ width: 56 }}>
      <button
        type="button"
        className={`btn btn-sm rounded-circle p-1 lh-1 ${up ? 'btn-primary' : 'btn-outline-secondary'}${why('up') ? ' opacity-50' : ''}`}
        aria-label={t('qa.vote.up')}
        aria-pressed={up}
        aria-disabled={why('up') ? true : undefined}
        aria-describedby={why('up') ? `vote-up-why-${objectId}` : undefined}
        title={why('up') || t('qa.vote.up')}
        disabled={busy}
        onClick={() => void vote('up')}
      >
        {arrow(true)}
        {why('up') ? (
          <span id={`vote-up-why-${objectId}`} className="visually-hidden">
            {why('up')}
          </span>
        ) : null}
      </button>
      <span className="fs-5 fw-semibold my-1" aria-live="polite" aria-label={t('post.votes', { count })}>
        {formatCount(count)}
      </span>
      <button
        type="button"
        className={`btn btn-sm rounded-circle p-1 lh-1 ${down ? 'btn-primary' : 'btn-outline-secondary'}${why('down') ? ' opacity-50' : ''}`}
        aria-label={t('qa.vote.down')}
        aria-pressed={down}
        aria-disabled={why('down') ? true : undefined}
        aria-describedby={why('down') ? `vote-down-why-${objectId}` : undefined}
        title={why('down') || t('qa.vote.down')}
        disabled={busy}
        onClick={() => void vote('down')}
      >
        {arrow(false)}
        {why('down') ? (
          <span id={`vote-down-why-${objectId}`} className="visually-hidden">
            {why('down')}
          </span>
        ) : null}
      </button>
    </div>
  );
}
