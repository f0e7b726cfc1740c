/**
 * The journal of a restore: one small file in the data directory (`restore-in-progress.json`, mode 600: it holds
 * the database settings, like conf/config.yaml) that exists from before a restore changes anything until after
 * it has finished or been undone, and says how far it got. A restore killed midway (SIGKILL, a lost machine, an
 * out-of-memory kill) leaves it behind, and the next start finishes or undoes the restore from it before serving
 * (backup.recovery.ts). It is also the lock that keeps two restores of one data directory apart: created with
 * link(2), which fails when the file exists, and kept fresh (its mtime touched every 5 s) by the process that
 * owns it.
 *
 * Phases, each written (to a temporary file, fsync'd, renamed over the journal, directory fsync'd) before the step
 * it names begins:
 *   copying    the previous rows are being copied (`restore-previous-<time>-<pid>.backup.gz`); nothing changed yet
 *   loading    the copy is complete; the database is being replaced and the backup's files written into
 *              `<uploads>.restore-new-<time>-<pid>`, then the search index rebuilt, then the uploads folders
 *              swapped (the current one renamed to `<uploads>.restore-previous-<time>-<pid>`, the new one into
 *              its place)
 *   committed  everything is in place, and on disk (SQLite's log checkpointed, each restored file fsync'd, before
 *              this phase is written); what is left is deleting the copy and the set-aside uploads (and, for a
 *              restore into a data directory that was not installed, writing its config file)
 *
 * Also here: the test-only crash points (QUORUM_TEST_RESTORE_CRASH_AT) and the rule that removes leftovers
 * (sweepLeftovers).
 * This file imports no database code, so the command line's primary process can look for a journal cheaply.
 */
import { closeSync, existsSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbConfig } from '../../core/db/index.js';

/** File name of the journal inside the data directory. */
export const JOURNAL_NAME = 'restore-in-progress.json';

/** How far a restore got (this file's header). */
export type RestorePhase = 'copying' | 'loading' | 'committed';

/** The journal's content. File and folder names are relative to the data directory (they all live in it). */
export interface RestoreJournal {
  /** Unix seconds the restore started. */
  started_at: number;
  /** The process that owns the restore (the one restoring, or the one finishing or undoing it) and its host. */
  pid: number;
  host: string;
  /** The backup being restored (absolute path; information only: an unfinished restore is undone, not redone). */
  file: string;
  /** The database restored into; null when the caller did not say (then the data directory's config names it). */
  database: DbConfig | null;
  /** True for a restore into a data directory that is not installed: the config file is written once committed. */
  write_config: boolean;
  phase: RestorePhase;
  /** The copy of the previous rows, or null when the database had no tables. */
  previous: string | null;
  /** The uploads folder, the folder the backup's files are written into, and the name the current one is moved to. */
  uploads: string;
  uploads_new: string;
  uploads_previous: string;
}

/** A journal whose owner is dead (or never touched it for STALE_MS) is an unfinished restore; else a running one. */
export const STALE_MS = 60_000;

/** When this process started (unix ms). */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;

/** Milliseconds between touches of the journal by its owner. */
const HEARTBEAT_MS = 5_000;

/** Path of the journal of a data directory. */
export function journalPath(dataDir: string): string {
  return path.join(dataDir, JOURNAL_NAME);
}

/** True when the data directory has a journal: a restore is running or did not finish. */
export function restorePending(dataDir: string): boolean {
  return existsSync(journalPath(dataDir));
}

/**
 * Reads the journal of a data directory.
 * @returns the journal, or null when there is none
 * @throws Error when the file exists but is not a journal (it is only ever replaced whole, so this means
 *   someone edited it)
 */
export function readJournal(dataDir: string): RestoreJournal | null {
  const file = journalPath(dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const j = JSON.parse(text) as RestoreJournal;
    if (typeof j.phase !== 'string' || typeof j.uploads !== 'string') throw new Error('missing fields');
    return j;
  } catch (err) {
    throw new Error(`${file} is not a restore journal (${(err as Error).message}): a restore of this data directory did not finish; see docs/OPERATIONS.md "Backups"`, { cause: err });
  }
}

/** Writes `data` to `file` (created with `mode`) and flushes it to disk before returning. */
export function writeDurably(file: string, data: string | Buffer, mode = 0o600): void {
  const fd = openSync(file, 'w', mode);
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a directory's entries (a rename or unlink in it) to disk; a no-op where directories cannot be opened. */
export function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot fsync a directory; the rename is as durable as the platform makes it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function tmpName(dataDir: string): string {
  return path.join(dataDir, `${JOURNAL_NAME}.${process.pid}-${Date.now()}.tmp`);
}

/**
 * Creates the journal, failing when one exists (the lock of a restore).
 * @returns false when a journal already exists (nothing written)
 */
export function createJournal(dataDir: string, journal: RestoreJournal): boolean {
  const tmp = tmpName(dataDir);
  writeDurably(tmp, JSON.stringify(journal));
  try {
    linkSync(tmp, journalPath(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  syncDir(dataDir);
  return true;
}

/** Replaces the journal whole (a new phase, or a new owner), durably. */
export function writeJournal(dataDir: string, journal: RestoreJournal): void {
  const tmp = tmpName(dataDir);
  writeDurably(tmp, JSON.stringify(journal));
  renameSync(tmp, journalPath(dataDir));
  syncDir(dataDir);
}

/** Deletes the journal, durably: the restore is over (finished or undone). */
export function removeJournal(dataDir: string): void {
  rmSync(journalPath(dataDir), { force: true });
  syncDir(dataDir);
}

/**
 * Touches the journal every 5 s while its owner works, so other processes see it alive.
 * @returns a function that stops the touches
 */
export function startHeartbeat(dataDir: string): () => void {
  const file = journalPath(dataDir);
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // the journal was removed: the restore is over
    }
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * True when the journal's owner is still working on it: this process, for a journal written since it started;
 * another process on this host that is alive, or on another host, with the journal touched within STALE_MS. A
 * journal of a dead process, or of an earlier process under this one's pid (a server restarted as pid 1 in a
 * container), is an unfinished restore.
 */
export function ownerAlive(dataDir: string, journal: RestoreJournal): boolean {
  // This process's own pid: its restore if started since this process did, else an earlier process's.
  if (journal.pid === process.pid && journal.host === os.hostname()) return journal.started_at * 1000 >= PROCESS_STARTED_MS - 1000;
  let touched: number;
  try {
    touched = statSync(journalPath(dataDir)).mtimeMs;
  } catch {
    return false;
  }
  if (Date.now() - touched > STALE_MS) return false;
  if (journal.host !== os.hostname()) return true;
  try {
    process.kill(journal.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This host's name, for the journal. */
export function hostName(): string {
  return os.hostname();
}

/**
 * Test-only crash points: when QUORUM_TEST_RESTORE_CRASH_AT is `<point>` or `<point>:<n>`, the process kills
 * itself with SIGKILL when it reaches that point with a count of at least n (rows inserted, files written, posts
 * indexed, rows copied). Points: copy:n, rows:n, files:n, index:n, swap, committed (backup.restore.ts). The
 * variable is never set outside tests; a kill from outside at the same moment has the same effect.
 */
export function crashPoint(point: string, count = 0): void {
  const at = process.env.QUORUM_TEST_RESTORE_CRASH_AT;
  if (!at) return;
  const [name, n] = at.split(':');
  if (name === point && count >= Number(n ?? 0)) process.kill(process.pid, 'SIGKILL');
}

/**
 * What a restore leaves in the data directory while it runs: `previous` for the previous content (the copy of its
 * rows, its uploads folder set aside), `temporary` for the rest (a copy cut short, the new uploads folder, journal
 * temporaries); null for anything else.
 */
function restoreLeftover(name: string, uploadsName: string): 'previous' | 'temporary' | null {
  if (/^restore-previous-.+\.backup\.gz$/.test(name) || name.startsWith(`${uploadsName}.restore-previous-`)) return 'previous';
  if (/^restore-previous-.+\.backup\.gz\.partial$/.test(name) || name.startsWith(`${uploadsName}.restore-new-`) || (name.startsWith(`${JOURNAL_NAME}.`) && name.endsWith('.tmp'))) return 'temporary';
  return null;
}

/** A backup being written is written to continuously; a `.partial` left alone this long was interrupted. */
export const PARTIAL_BACKUP_AGE_MS = 15 * 60_000;

/** How long previous content no journal names is kept before it is deleted. */
export const PREVIOUS_KEEP_MS = 7 * 24 * 3600_000;

/** Milliseconds since a file or folder was last modified (Infinity when it is gone). */
function age(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/**
 * Removes the leftovers of restores and backups that did not finish. The rule:
 * - nothing of a restore is touched while a journal exists: the restore it names (running, or to be finished or
 *   undone first) owns its files, and deletes them itself as it ends;
 * - otherwise, in the data directory: temporary leftovers (`restore-previous-*.backup.gz.partial`,
 *   `uploads.restore-new-*`, `restore-in-progress.json.*.tmp`) are deleted at once; previous content no journal
 *   names (`restore-previous-*.backup.gz`, `uploads.restore-previous-*`: kept by an older Quorum when putting
 *   back failed, or left by a journal deleted by hand) is kept 7 days after it was written, then deleted;
 * - in the backups folder, `*.backup.gz.partial` files not written to for 15 minutes (a backup killed midway;
 *   one being written is written to continuously) are deleted.
 * It runs at every start of the server, `quorum restore` and `quorum backup` (after the unfinished restore, if
 * any, was dealt with) and at the end of each restore.
 * @param uploadsName the uploads folder's name in the data directory
 * @returns the names removed (relative to the data directory)
 */
export function sweepLeftovers(dataDir: string, uploadsName = 'uploads'): string[] {
  const gone: string[] = [];
  if (!existsSync(dataDir)) return gone;
  if (!restorePending(dataDir)) {
    for (const name of readdirSync(dataDir)) {
      const kind = restoreLeftover(name, uploadsName);
      if (!kind) continue;
      const full = path.join(dataDir, name);
      if (kind === 'previous' && age(full) < PREVIOUS_KEEP_MS) continue;
      rmSync(full, { recursive: true, force: true });
      gone.push(name);
    }
  }
  const backups = path.join(dataDir, 'backups');
  if (existsSync(backups)) {
    for (const name of readdirSync(backups)) {
      const file = path.join(backups, name);
      if (!name.endsWith('.backup.gz.partial') || age(file) < PARTIAL_BACKUP_AGE_MS) continue;
      rmSync(file, { force: true });
      gone.push(`backups/${name}`);
    }
  }
  if (gone.length) syncDir(dataDir);
  return gone;
}
