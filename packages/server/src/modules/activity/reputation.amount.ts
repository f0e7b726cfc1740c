/**
 * Reputation moved by an amount the action itself sets (a bounty's offer and award, modules/bounty), not by a
 * rule's configured delta: logged like every change (an activity row with has_rank 1, `rank` = the delta,
 * `rank_key` = the rule name) and added to the achievement notification of the day on that post. Not capped by
 * the daily limit (the rule is left out of it, reputation.ts) and not cut by the floor: the caller checks that a
 * loss fits (a bounty's offerer must hold the amount above the floor).
 */
import type { Db } from '../../core/db/index.js';
import * as repo from './activity.repository.js';
import { writeReputationChange, type ReputationChange } from './reputation.js';

/** A change of a set amount: `rule` names it in the history (e.g. `bounty.offer`), `delta` is applied as it is. */
export interface AmountChange extends Omit<ReputationChange, 'rule'> {
  rule: string;
  delta: number;
}

/**
 * Current reputation of a user, with their row locked until the transaction ends (activity.repository.ts).
 * @returns undefined for an unknown user
 */
export function lockReputation(tx: Db, userId: string): Promise<number | undefined> {
  return repo.lockUserRank(tx, userId);
}

/**
 * Applies `c.delta` to a user's reputation and logs it. Must run inside the transaction of the action.
 * @returns the delta applied (0 for an unknown user; the row is still logged so the history explains the action)
 */
export async function applyReputationAmount(tx: Db, c: AmountChange): Promise<number> {
  const current = await repo.lockUserRank(tx, c.userId);
  const delta = current === undefined ? 0 : c.delta;
  return writeReputationChange(tx, c, current, delta);
}
