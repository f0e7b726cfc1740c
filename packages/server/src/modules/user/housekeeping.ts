/**
 * Hourly clean-up of account tables: expired sessions, codes expired for more than a day. Runs on every node;
 * the deletes are idempotent. Started by buildApp, stopped through `ctx.onClose`.
 */
import { nowSeconds, type AppContext } from '../../core/context.js';
import { sweepCodes } from './codes.js';
import { deleteExpiredSessions } from './user.repository.js';

const EVERY_MS = 60 * 60 * 1000;

/** Starts the timer (unref'd: it never keeps the process alive). */
export function startAccountHousekeeping(ctx: AppContext): void {
  const timer = setInterval(() => {
    const db = ctx.database;
    if (!db || !ctx.installed) return;
    Promise.all([deleteExpiredSessions(db, nowSeconds()), sweepCodes(db)]).catch((err: unknown) => ctx.log.warn({ err }, 'account clean-up failed'));
  }, EVERY_MS);
  timer.unref();
  ctx.onClose.push(() => clearInterval(timer));
}
