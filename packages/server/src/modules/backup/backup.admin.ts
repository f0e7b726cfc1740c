/**
 * Backups run by the server itself: started from the admin console or by the daily schedule, written to the data
 * directory's `backups` folder on a database connection of their own, and restores with the site name typed as
 * confirmation.
 */
import path from 'node:path';
import type { AppContext } from '../../core/context.js';
import { attachDb, nowSeconds, requireDb } from '../../core/context.js';
import { openDb } from '../../core/db/index.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { microClear } from '../../core/microcache.js';
import { uploadsDir } from '../file/file.service.js';
import { uploadStorage } from '../../core/storage/index.js';
import { getSettings, invalidateSettings } from '../siteinfo/index.js';
import { BACKUP_NAME, BackupRefused, backupName, backupsDir, createBackup, listBackups, type BackupFile, type BackupSummary } from './backup.service.js';
import { restoreBackup, RestoreFailed } from './backup.restore.js';
import { holdWhile } from './backup.hold.js';
import { readScheduleRow, recentRuns, writeScheduleRow } from './backup.repository.js';
import { mkdirSync } from 'node:fs';

/** The daily backup settings (`settings` row `backup`). */
export interface BackupSchedule {
  /** Take a backup once a day. */
  daily: boolean;
  /** Scheduled backups kept; older ones are deleted after each new one (1-365). */
  keep: number;
}

export const DEFAULT_SCHEDULE: BackupSchedule = { daily: false, keep: 7 };

interface NodeState {
  running: string | null;
  lastError: string | null;
}

const state = new WeakMap<AppContext, NodeState>();

function nodeState(ctx: AppContext): NodeState {
  let s = state.get(ctx);
  if (!s) state.set(ctx, (s = { running: null, lastError: null }));
  return s;
}

/** What GET /admin/api/backups answers: the files (newest first), the backup running on this node, the schedule. */
export async function backupOverview(ctx: AppContext): Promise<{ backups: BackupFile[]; running: string | null; last_error: string | null; schedule: BackupSchedule; runs: Awaited<ReturnType<typeof recentRuns>> }> {
  const db = requireDb(ctx);
  const s = nodeState(ctx);
  return { backups: listBackups(ctx.dataDir), running: s.running, last_error: s.lastError, schedule: await getSchedule(ctx), runs: await recentRuns(db, 7) };
}

/**
 * Takes a backup into the backups folder on a connection of its own (the site keeps serving).
 * @returns the file name and a promise of the finished backup (rejected with the error, also kept as `last_error`)
 * @throws 400 `backup.running` when this node is already taking one
 */
export function startBackup(ctx: AppContext, opts: { scheduled?: boolean } = {}): { name: string; done: Promise<BackupSummary> } {
  requireDb(ctx);
  const s = nodeState(ctx);
  if (s.running) throw badRequest('error.backup.running');
  const name = backupName(new Date(), opts.scheduled);
  s.running = name;
  s.lastError = null;
  const done = (async () => {
    const dir = backupsDir(ctx.dataDir);
    mkdirSync(dir, { recursive: true });
    const db = await openDb({ ...ctx.config!.database, pool: 1 }, ctx.dataDir);
    try {
      const storage = uploadStorage(ctx);
      return await createBackup(db, storage.kind === 'local' ? uploadsDir(ctx.dataDir) : storage, path.join(dir, name));
    } finally {
      await db.close();
    }
  })()
    .catch((err: unknown) => {
      s.lastError = err instanceof Error ? err.message : String(err);
      ctx.log.error({ err }, 'backup failed');
      throw err;
    })
    .finally(() => {
      s.running = null;
    });
  done.catch(() => undefined);
  return { name, done };
}

/**
 * The path of a backup in the backups folder.
 * @throws 404 when `name` is not a backup file name or no such file exists
 */
export function backupPath(ctx: AppContext, name: string): string {
  if (!BACKUP_NAME.test(name) || !listBackups(ctx.dataDir).some((b) => b.name === name)) throw notFound('error.backup.not_found');
  return path.join(backupsDir(ctx.dataDir), name);
}

/**
 * Restores a backup of the backups folder over the running site, after the administrator typed the site name;
 * meanwhile every other request answers 503 (backup.hold.ts). Afterwards this node's id allocator, settings cache and page cache start again from the restored database;
 * other nodes should be restarted.
 * @throws 400 `backup.confirm_mismatch` when `confirm` is not the site name; 400 `backup.newer` / `backup.invalid` /
 *   `backup.damaged` for a backup this code cannot restore (nothing changed); 400 `backup.restore_running` while
 *   another restore of the data directory runs or is unfinished; 404 for an unknown file; 500
 *   `backup.restore_failed` when loading failed midway and was undone (backup.restore.ts; the log says why). When
 *   the server is killed during the restore, its next start finishes or undoes it before serving
 *   (backup.recovery.ts).
 */
export async function restoreFromAdmin(ctx: AppContext, name: string, confirm: string): Promise<BackupSummary> {
  const db = requireDb(ctx);
  const file = backupPath(ctx, name);
  const site = await getSettings(ctx);
  if (confirm.trim() !== site.general.name.trim()) throw badRequest('error.backup.confirm_mismatch');
  try {
    // This node answers 503 until the restore ends (backup.hold.ts), the other nodes of the data directory as soon
    // as they see its journal.
    return await holdWhile(ctx, () => restoreBackup(db, uploadsDir(ctx.dataDir), file, { replace: true, database: ctx.config!.database, storage: uploadStorage(ctx) }));
  } catch (err) {
    if (err instanceof BackupRefused) throw badRequest(err.reason);
    if (err instanceof RestoreFailed) {
      ctx.log.error({ err }, 'restore failed');
      throw new AppError(500, err.reason);
    }
    throw err;
  } finally {
    attachDb(ctx, db);
    invalidateSettings(ctx);
    microClear();
  }
}

/** The daily backup settings, defaults when never saved. */
export async function getSchedule(ctx: AppContext): Promise<BackupSchedule> {
  const raw = await readScheduleRow(requireDb(ctx));
  if (!raw) return { ...DEFAULT_SCHEDULE };
  try {
    const v = JSON.parse(raw) as Partial<BackupSchedule>;
    return { daily: v.daily === true, keep: Number.isInteger(v.keep) ? v.keep! : DEFAULT_SCHEDULE.keep };
  } catch {
    return { ...DEFAULT_SCHEDULE };
  }
}

/** Saves the daily backup settings. */
export async function saveSchedule(ctx: AppContext, schedule: BackupSchedule): Promise<void> {
  await writeScheduleRow(requireDb(ctx), JSON.stringify(schedule), nowSeconds());
}
