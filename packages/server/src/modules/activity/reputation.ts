/**
 * Reputation: deltas and limits as data (config rows `rank.<rule>`, defaults below from answer-compat.md
 * "Reputation"), applied inside the caller's transaction and logged as activity rows.
 * - Each applied change is an activity row with has_rank 1, `rank` = the delta actually applied (after the daily
 *   cap and the floor) and `rank_key` = the rule, so an undo reverses exactly that amount.
 * - Daily cap: positive changes of one user in one UTC day add up to at most `rank.daily_limit` (200), rules in
 *   `rank.daily_limit.exclude` (the accepted-answer bonus) not counted and not capped.
 * - Floor: reputation never drops below `rank.floor` (1); a loss is cut to what is left above it.
 * - Every applied change (and every undo) is added to the user's achievement notification of the day on that post.
 */
import type { Db } from '../../core/db/index.js';
import { recordAchievement } from '../notification/index.js';
import * as repo from './activity.repository.js';

/** Reputation rules (Answer's names, config keys `rank.<rule>`). */
export type RankRule =
  | 'question.voted_up'
  | 'answer.voted_up'
  | 'question.voted_down'
  | 'answer.voted_down'
  | 'question.vote_up'
  | 'answer.vote_up'
  | 'question.vote_down'
  | 'answer.vote_down'
  | 'answer.accepted'
  | 'answer.accept'
  | 'edit.accepted'
  | 'email.activated';

/** Defaults of every rule, in reputation points (answer-compat.md). */
export const RANK_DEFAULTS: Record<RankRule, number> = {
  'question.voted_up': 10,
  'answer.voted_up': 10,
  'question.voted_down': -2,
  'answer.voted_down': -2,
  'question.vote_up': 0,
  'answer.vote_up': 0,
  'question.vote_down': 0,
  'answer.vote_down': -1,
  'answer.accepted': 15,
  'answer.accept': 2,
  'edit.accepted': 2,
  'email.activated': 1,
};

export interface RankConfig {
  deltas: Record<RankRule, number>;
  /** Most reputation one user may gain in a UTC day (capped rules only). */
  dailyLimit: number;
  /** Rules left out of the daily cap. */
  dailyExclude: string[];
  /** Lowest reputation. */
  floor: number;
}

/** The reputation settings: config rows `rank.*` over the defaults. */
export async function rankConfig(db: Db): Promise<RankConfig> {
  const rows = await repo.configRows(db, 'rank.');
  const map = new Map(rows.map((r) => [r.name, r.value]));
  const num = (k: string, d: number) => {
    const v = Number(map.get(k));
    return map.has(k) && Number.isFinite(v) ? v : d;
  };
  const deltas = Object.fromEntries(Object.entries(RANK_DEFAULTS).map(([k, d]) => [k, num(`rank.${k}`, d)])) as Record<RankRule, number>;
  // A bounty's award (modules/bounty) is neither capped nor counted, as the accepted-answer bonus.
  let dailyExclude = ['answer.accepted', 'bounty.award'];
  try {
    const raw = map.get('rank.daily_limit.exclude');
    if (raw) dailyExclude = (JSON.parse(raw) as unknown[]).map(String);
  } catch {
    // keep the default
  }
  return { deltas, dailyLimit: num('rank.daily_limit', 200), dailyExclude, floor: num('rank.floor', 1) };
}

/** Start of the UTC day holding `now` (unix seconds). */
export function utcDayStart(now: number): number {
  return now - (now % 86400);
}

export interface ReputationChange {
  /** Activity id, taken before the transaction opened. */
  id: string;
  /** Whose reputation changes. */
  userId: string;
  /** Who caused it when that is someone else (a voter, an acceptor, a reviewer); '' otherwise. */
  triggerUserId?: string;
  /** The post (question, answer, comment) the change is about. */
  objectId: string;
  /** The question of that post. */
  originalObjectId: string;
  /** Timeline type: upvote, downvote, accept, edited ... (spec §3). */
  activityType: string;
  rule: RankRule;
  revisionId?: string;
  now: number;
}

/**
 * Applies one reputation rule to a user and logs it as an activity row (has_rank 1, rank = applied delta).
 * Must run inside the transaction of the action.
 * @returns the delta actually applied (0 when capped, cut by the floor, or the user is unknown)
 */
export async function applyReputation(tx: Db, c: ReputationChange): Promise<number> {
  const cfg = await rankConfig(tx);
  let delta = cfg.deltas[c.rule];
  const current = await repo.lockUserRank(tx, c.userId);
  if (current === undefined) delta = 0;
  else if (delta > 0 && !cfg.dailyExclude.includes(c.rule)) {
    const gained = await repo.sumGainsSince(tx, c.userId, utcDayStart(c.now), cfg.dailyExclude);
    delta = Math.min(delta, Math.max(0, cfg.dailyLimit - gained));
  } else if (delta < 0) {
    delta = Math.max(delta, Math.min(0, cfg.floor - current));
  }
  return writeReputationChange(tx, c, current, delta);
}

/**
 * Writes a reputation change already decided: the user's new reputation (`current` + `delta`, when the user exists
 * and `delta` is not 0), the activity row (has_rank 1, rank = `delta`, rank_key = `c.rule`) and the day's achievement
 * notification on the post. Shared by rule changes (applyReputation) and set amounts (reputation.amount.ts).
 * @param current the user's reputation read with their row locked, undefined for an unknown user
 * @returns `delta`
 */
export async function writeReputationChange(tx: Db, c: Omit<ReputationChange, 'rule'> & { rule: string }, current: number | undefined, delta: number): Promise<number> {
  if (delta !== 0 && current !== undefined) await repo.setUserRank(tx, c.userId, current + delta);
  await repo.insertActivity(tx, {
    id: c.id,
    user_id: c.userId,
    trigger_user_id: c.triggerUserId ?? '',
    object_id: c.objectId,
    original_object_id: c.originalObjectId,
    activity_type: c.activityType,
    rank: delta,
    has_rank: 1,
    cancelled: 0,
    revision_id: c.revisionId ?? '',
    rank_key: c.rule,
    created_at: c.now,
    updated_at: c.now,
  });
  await recordAchievement(tx, { id: c.id, userId: c.userId, triggerUserId: c.triggerUserId ?? '', objectId: c.objectId, questionId: c.originalObjectId, delta, now: c.now });
  return delta;
}

/**
 * Undoes activity rows: marks them cancelled and takes back the reputation each one applied (the stored delta,
 * negated; a take-back still stops at the floor).
 * @param filter which live rows: an object, activity types and optionally the actor (their own rows and the
 *   rows they triggered for others)
 * @returns the undone rows
 */
export async function cancelActivities(tx: Db, filter: repo.LiveRowFilter, now: number): Promise<repo.ActivityRow[]> {
  const rows = await repo.findLiveRows(tx, filter);
  if (!rows.length) return rows;
  const floor = rows.some((r) => r.has_rank === 1 && r.rank !== 0) ? (await rankConfig(tx)).floor : 1;
  const undone: { row: repo.ActivityRow; delta: number }[] = [];
  for (const r of rows) {
    if (r.has_rank !== 1 || r.rank === 0) continue;
    const current = await repo.lockUserRank(tx, r.user_id);
    if (current === undefined) continue;
    const back = -r.rank;
    const next = back < 0 ? Math.max(current + back, Math.min(current, floor)) : current + back;
    if (next !== current) await repo.setUserRank(tx, r.user_id, next);
    undone.push({ row: r, delta: next - current });
  }
  await repo.markCancelled(tx, rows.map((r) => r.id), now);
  for (const { row: r, delta } of undone) {
    await recordAchievement(tx, { id: r.id, userId: r.user_id, triggerUserId: r.trigger_user_id, objectId: r.object_id, questionId: r.original_object_id, delta, now, updateOnly: true });
  }
  return rows;
}
