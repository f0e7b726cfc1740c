/**
 * The periodic pass of bounties (core/periodic.ts), every BOUNTY_PASS_MS on every node:
 * - reminds each offerer once, a day before their bounty ends (`reminded_at`, a conditional update: one notice
 *   whatever the number of nodes);
 * - settles each open bounty whose grace period is over: half of it (rounded down) to the highest-scored answer
 *   posted after the bounty started with a score of at least `auto_award_min_score`, not the offerer's
 *   (`auto_awarded`), else to nobody (`expired`); the amount stays spent either way. The settling update matches
 *   `status = 'open'` only and the reputation is credited in its transaction when it changed one row, so each
 *   bounty settles once, even when several workers or nodes run the pass at the same moment or the offerer
 *   awards it in the same instant.
 */
import { nowSeconds, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { startPeriodic } from '../../core/periodic.js';
import { applyReputationAmount } from '../activity/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import { notifyBounty } from './bounty.notify.js';
import { BOUNTY_ACTIVITY, bountySettings } from './bounty.service.js';
import * as repo from './bounty.repository.js';

/** Milliseconds between passes. */
export const BOUNTY_PASS_MS = 5 * 60 * 1000;

/** Bounties handled per pass and kind (the rest wait for the next pass). */
const BATCH = 100;

/** What one pass did: reminders sent, bounties settled with half awarded, settled with nothing awarded. */
export interface BountyPassResult {
  reminded: number;
  autoAwarded: number;
  expired: number;
}

/**
 * One pass at `now` (unix seconds; the clock by default, tests pass a later time).
 * @returns what this call did (0s before installation); a bounty settled by another caller is not counted
 */
export async function runBountyPass(ctx: AppContext, now = nowSeconds()): Promise<BountyPassResult> {
  const out: BountyPassResult = { reminded: 0, autoAwarded: 0, expired: 0 };
  const db = ctx.database;
  if (!db || !ctx.installed) return out;
  for (const b of await repo.bountiesToRemind(db, now, 86_400, BATCH)) {
    if (Number(b.grace_ends_at) <= now) continue;
    if ((await repo.markReminded(db, b.id, now)) !== 1) continue;
    out.reminded++;
    const q = await repo.questionForBounty(db, b.question_id);
    await notifyBounty(ctx, { action: 'bounty_ending', receiverId: b.user_id, triggerId: '', questionId: b.question_id, title: q?.title ?? '', amount: Number(b.amount) });
  }
  const due = await repo.dueBounties(db, now, BATCH);
  if (!due.length) return out;
  const s = await bountySettings(ctx);
  for (const b of due) {
    const best = await repo.bestNewAnswer(db, b.question_id, Number(b.created_at), s.auto_award_min_score, b.user_id);
    const half = Math.floor(Number(b.amount) / 2);
    const activityId = best && half > 0 ? await requireIds(ctx).next('activity') : '';
    const settled = await transaction(db, async (tx) => {
      const status = activityId ? 'auto_awarded' : 'expired';
      if ((await repo.settleBounty(tx, b.id, { status, answerId: activityId ? best!.id : '', userId: activityId ? best!.user_id : '', amount: activityId ? half : 0, now })) !== 1) return false;
      await repo.setQuestionBounty(tx, b.question_id, { amount: 0, started: 0, ends: 0 });
      if (activityId) await applyReputationAmount(tx, { id: activityId, userId: best!.user_id, objectId: best!.id, originalObjectId: b.question_id, activityType: BOUNTY_ACTIVITY, rule: 'bounty.award', delta: half, now });
      return true;
    });
    if (!settled) continue;
    invalidateQuestionLists();
    if (activityId) {
      out.autoAwarded++;
      const q = await repo.questionForBounty(db, b.question_id);
      await notifyBounty(ctx, { action: 'bounty_awarded', receiverId: best!.user_id, triggerId: '', questionId: b.question_id, answerId: best!.id, title: q?.title ?? '', amount: half });
    } else out.expired++;
  }
  return out;
}

/** Starts the passes of an app and registers their stop in `ctx.onClose`. */
export function startBountyPasses(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? BOUNTY_PASS_MS, 'bounty pass failed', () => runBountyPass(ctx));
}
