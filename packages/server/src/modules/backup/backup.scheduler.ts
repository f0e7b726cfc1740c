/**
 * The daily scheduled backup: a per-node timer checks every few minutes whether the backup is switched on and the
 * day's backup not yet taken; the node whose insert of the day's `backup_runs` row succeeds takes it, so several
 * nodes sharing a database take one backup a day. Older scheduled backups beyond the retention count are deleted.
 * A node that dies mid-backup leaves that day without one; the next day runs as usual.
 */
import type { AppContext } from '../../core/context.js';
import { nowSeconds } from '../../core/context.js';
import { startPeriodic } from '../../core/periodic.js';
import { getSchedule, startBackup } from './backup.admin.js';
import { claimDay, finishDay } from './backup.repository.js';
import { pruneScheduled } from './backup.service.js';

/** Milliseconds between checks. */
export const BACKUP_POLL_MS = 5 * 60_000;

/**
 * One check: takes and prunes the day's scheduled backup when it is due and this node claims it.
 * @returns the file written, or null when nothing was due or another node has the day
 */
export async function runScheduledBackup(ctx: AppContext, now = new Date()): Promise<string | null> {
  if (!ctx.installed || !ctx.database) return null;
  const schedule = await getSchedule(ctx);
  if (!schedule.daily) return null;
  const day = now.toISOString().slice(0, 10);
  if (!(await claimDay(ctx.database, day, nowSeconds()))) return null;
  try {
    const { name, done } = startBackup(ctx, { scheduled: true });
    await done;
    await finishDay(ctx.database, day, { file: name, error: null }, nowSeconds());
    pruneScheduled(ctx.dataDir, schedule.keep);
    return name;
  } catch (err) {
    await finishDay(ctx.database, day, { file: '', error: err instanceof Error ? err.message : String(err) }, nowSeconds());
    throw err;
  }
}

/** Starts the checks of an app and registers their stop in `ctx.onClose`. */
export function startBackupScheduler(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? BACKUP_POLL_MS, 'scheduled backup failed', () => runScheduledBackup(ctx));
}
