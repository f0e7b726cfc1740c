/**
 * The close-votes section of the site settings (contract schemas/close-vote.ts), read through modules/siteinfo's
 * coherent settings cache with defaults filled in, and who may vote: moderators always, members from the
 * section's `reputation`, or (0) the privilege level's `question.close_vote` threshold (Stack Exchange's 3,000 at
 * the default level).
 */
import { CLOSE_VOTE_DEFAULTS, type SiteCloseVotesReq } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { currentThresholds, isModerator, rankTooLow } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';

/** The section as the rules use it: each value a whole number in its range, else its default. */
export async function closeVoteSettings(ctx: AppContext): Promise<SiteCloseVotesReq> {
  const stored = ((await getSettings(ctx)) as { site_close_votes?: Partial<SiteCloseVotesReq> }).site_close_votes ?? {};
  const pick = (k: keyof SiteCloseVotesReq, min: number, max: number) => {
    const v = stored[k];
    return Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : CLOSE_VOTE_DEFAULTS[k];
  };
  return { votes_needed: pick('votes_needed', 1, 10), vote_days: pick('vote_days', 1, 365), reputation: pick('reputation', 0, 1_000_000) };
}

/** Reputation a member needs to vote now. */
export async function voteReputation(ctx: AppContext, s: SiteCloseVotesReq): Promise<number> {
  return s.reputation > 0 ? s.reputation : (await currentThresholds(ctx))['question.close_vote'];
}

/** Whether `user` may cast close and reopen votes. */
export async function mayVote(ctx: AppContext, user: { role_id: number; rank: number; id: string }, s: SiteCloseVotesReq): Promise<boolean> {
  return isModerator(user) || user.rank >= (await voteReputation(ctx, s));
}

/** Throws 403 `error.rank.fail_to_meet_the_condition` with the reputation needed when `user` may not vote. */
export async function requireVotePrivilege(ctx: AppContext, user: { role_id: number; rank: number; id: string }, s: SiteCloseVotesReq): Promise<void> {
  if (isModerator(user)) return;
  const need = await voteReputation(ctx, s);
  if (user.rank < need) throw rankTooLow(need, user.rank);
}

/** The oldest `created_at` (exclusive) of a vote that still counts at `now`. */
export function liveSince(s: SiteCloseVotesReq, now: number): number {
  return now - s.vote_days * 86_400;
}
