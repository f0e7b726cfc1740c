/** Close votes as they leave the server (contract schemas/close-vote.ts). */
import { Role, type CloseVoteMine, type CloseVoter, type SiteCloseVotesReq } from '@quorum/contract';
import { translate } from '../../core/i18n.js';
import { closeReason } from '../reason/index.js';
import { liveSince } from './close-vote.settings.js';
import type { VoteRow } from './close-vote.repository.js';

/** The reader's own vote: kind, reason (named in `lang`), when, retracted when, and whether it has aged away at `now`. */
export function presentMine(v: VoteRow, s: SiteCloseVotesReq, now: number, lang: string): CloseVoteMine {
  const r = v.kind === 'close' ? closeReason(v.close_type) : undefined;
  return {
    kind: v.kind,
    close_type: v.close_type,
    reason_name: r ? translate(`${r.key}.name`, lang) : '',
    close_msg: v.close_msg,
    duplicate_id: v.duplicate_id,
    created_at: Number(v.created_at),
    retracted_at: Number(v.retracted_at),
    aged: Number(v.created_at) <= liveSince(s, now),
  };
}

/** A member of the closed notice: id, names, and whether they are a moderator (their vote was binding). */
export function presentVoter(u: { id: string; username: string; display_name: string; role_id: number }): CloseVoter {
  return { id: u.id, username: u.username, display_name: u.display_name || u.username, moderator: u.role_id === Role.admin || u.role_id === Role.moderator };
}
