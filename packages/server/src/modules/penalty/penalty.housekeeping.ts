/**
 * The periodic tidy of ended penalties (core/periodic.ts): every PENALTY_TIDY_MS, the users rows of silences and
 * suspensions past their end are set back (penalty.repository.ts `clearEnded`). Only housekeeping: an ended
 * penalty stops applying at its end whether or not this ran, and its history entry reads `ended` from the clock.
 * Runs on every node; the updates are idempotent.
 */
import { nowSeconds, type AppContext } from '../../core/context.js';
import { startPeriodic } from '../../core/periodic.js';
import { clearEnded } from './penalty.repository.js';

/** Milliseconds between passes. */
export const PENALTY_TIDY_MS = 10 * 60 * 1000;

/** One pass: tidies the rows of penalties ended by now. @returns users rows changed (0 before installation) */
export async function tidyEndedPenalties(ctx: AppContext): Promise<number> {
  const db = ctx.database;
  if (!db || !ctx.installed) return 0;
  return clearEnded(db, nowSeconds());
}

/** Starts the passes of an app and registers their stop in `ctx.onClose`. */
export function startPenaltyHousekeeping(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? PENALTY_TIDY_MS, 'penalty tidy failed', () => tidyEndedPenalties(ctx));
}
