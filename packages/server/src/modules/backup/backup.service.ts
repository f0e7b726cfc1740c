/**
 * Taking and restoring backups (issue "Backup and restore"): one file with every content table in an
 * engine-neutral form plus the uploads (backup.format.ts), read inside one snapshot while the site serves, and
 * restorable into any of the three engines.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, renameSync } from 'node:fs';
import path from 'node:path';
import { knownMigrations, type Db } from '../../core/db/index.js';
import { nowSeconds } from '../../core/context.js';
import { BACKUP_FORMAT, BackupWriter, readHeader, type BackupHeader } from './backup.format.js';
import { inSnapshot, listTables, readRows, schemaVersion } from './backup.repository.js';
import type { UploadStorage } from '../../core/storage/index.js';

/** Progress of a backup or restore: rows and files handled so far out of `total`. */
export type Progress = (done: number, total: number) => void;

/** What a finished backup or restore did. */
export interface BackupSummary {
  schema: string;
  rows: number;
  files: number;
  tables: Array<{ name: string; rows: number }>;
}

/** Raised for a backup that cannot be restored here (newer schema, not a backup, database not empty). */
export class BackupRefused extends Error {
  constructor(
    message: string,
    /** Reason key for HTTP answers. */
    readonly reason: string,
  ) {
    super(message);
  }
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/**
 * Writes a backup of `db` and the uploads folder to `file` (written under a temporary name, renamed when
 * complete). Reads every table inside one snapshot, so the backup is consistent while the site keeps writing.
 * @param db a connection of its own, closed by the caller (on SQLite it must not be the serving connection, which
 *   the snapshot would hold for the whole backup; the restore's own copy of the previous content does just that)
 * @param uploads the data directory's uploads folder, or the site's remote storage (an S3 bucket: its objects go
 *   into the backup the same way), or null for a backup of the database rows only
 * @throws Error when the database has no schema, or an upload cannot be read
 */
export async function createBackup(db: Db, uploads: string | UploadStorage | null, file: string, progress?: Progress): Promise<BackupSummary> {
  const tmp = `${file}.partial`;
  const writer = new BackupWriter(tmp);
  try {
    const summary = await inSnapshot(db, async (conn) => {
      const schema = await schemaVersion(conn);
      if (!schema) throw new Error('the database has no Quorum schema to back up');
      const tables = await listTables(conn);
      const counts: Array<{ name: string; rows: number }> = [];
      for (const t of tables) {
        const row = await conn.selectFrom(t.name).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        counts.push({ name: t.name, rows: Number(row.n) });
      }
      const files = uploads === null ? [] : typeof uploads === 'string' ? listFiles(uploads) : (await uploads.list()).map((o) => o.key);
      const total = counts.reduce((s, c) => s + c.rows, 0) + files.length;
      const header: BackupHeader = { quorum_backup: BACKUP_FORMAT, schema, engine: db.dialect, created_at: nowSeconds(), tables: counts, files: files.length };
      await writer.line(header);
      let done = 0;
      for (const t of tables) {
        await writer.line({ table: t.name, columns: t.columns });
        for await (const page of readRows(conn, db.dialect, t)) {
          await writer.lines(page.map((r) => t.columns.map((c) => normalize(r[c]))));
          done += page.length;
          progress?.(done, total);
        }
      }
      // Uploads are written after the rows: a file uploaded during the backup is either in it or not yet referenced.
      for (const f of files) {
        const data = typeof uploads === 'string' ? readFileSync(path.join(uploads, f)) : await uploads!.read(f);
        if (!data) throw new Error(`the upload ${f} was deleted while the backup was written`);
        await writer.line({ file: f, data: data.toString('base64') });
        // Counted outside the call: `progress?.(++done)` skips the increment when there is no progress callback.
        done++;
        progress?.(done, total);
      }
      await writer.line({ end: true, rows: done - files.length, files: files.length });
      return { schema, rows: done - files.length, files: files.length, tables: counts };
    });
    await writer.close();
    renameSync(tmp, file);
    return summary;
  } catch (err) {
    await writer.close().catch(() => undefined);
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Values as every engine reads them back: bigints as numbers, dates as unix seconds, buffers as text. */
function normalize(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  return v ?? null;
}

/**
 * Checks that a backup can be restored by this code: refuses a backup of a newer schema (restore it with a newer
 * Quorum) or of one this code does not know; an older one is fine (it is migrated after the restore).
 * @returns the backup's header
 */
export async function checkBackup(db: Db, file: string): Promise<BackupHeader> {
  let header: BackupHeader;
  try {
    header = await readHeader(file);
  } catch {
    throw new BackupRefused(`${path.basename(file)} is not a Quorum backup.`, 'error.backup.invalid');
  }
  if (header.quorum_backup > BACKUP_FORMAT) {
    throw new BackupRefused(`This backup was written in a newer backup format (${header.quorum_backup}) than this Quorum reads (${BACKUP_FORMAT}): upgrade Quorum, then restore it.`, 'error.backup.newer');
  }
  const known = await knownMigrations(db);
  const latest = known[known.length - 1]!;
  if (!known.includes(header.schema)) {
    if (header.schema > latest) {
      throw new BackupRefused(`This backup comes from a newer Quorum (schema ${header.schema}; this Quorum knows up to ${latest}): upgrade Quorum, then restore it.`, 'error.backup.newer');
    }
    throw new BackupRefused(`This backup's schema version ${header.schema} is unknown to this Quorum.`, 'error.backup.invalid');
  }
  return header;
}

/** A backup file kept in the data directory's backups folder. */
export interface BackupFile {
  name: string;
  /** Bytes. */
  size: number;
  /** Unix seconds the file was written. */
  created_at: number;
}

/** The backups folder of a data directory. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** Backup file names: `quorum-YYYYMMDD-HHMMSS[-scheduled].backup.gz`; nothing else is served or deleted. */
export const BACKUP_NAME = /^quorum-\d{8}-\d{6}(-scheduled)?\.backup\.gz$/;

/** A new backup file name for `now` (UTC). */
export function backupName(now: Date, scheduled = false): string {
  const s = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `quorum-${s}${scheduled ? '-scheduled' : ''}.backup.gz`;
}

/** Complete backups in a data directory, newest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => BACKUP_NAME.test(n))
    .map((name) => {
      const st = statSync(path.join(dir, name));
      return { name, size: st.size, created_at: Math.floor(st.mtimeMs / 1000) };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * Deletes the oldest scheduled backups beyond `keep` (backups started by hand are never deleted).
 * @returns names deleted
 */
export function pruneScheduled(dataDir: string, keep: number): string[] {
  const scheduled = listBackups(dataDir).filter((b) => b.name.includes('-scheduled'));
  const gone = scheduled.slice(Math.max(0, keep));
  for (const b of gone) rmSync(path.join(backupsDir(dataDir), b.name), { force: true });
  return gone.map((b) => b.name);
}
