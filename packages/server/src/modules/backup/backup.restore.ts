/**
 * Restoring a backup (issue "Backup and restore"; docs/OPERATIONS.md "Backups"), all or nothing:
 * 1. the file is checked (schema version, backup format) and then read through once before anything is touched:
 *    every row under its table with as many values as the table has columns, each table's row count and the
 *    file count as the header says, and the end line present — a damaged or cut-short file is refused and
 *    nothing changes;
 * 2. when the database has content, a copy of its rows is written beside the uploads folder
 *    (`restore-previous-<time>.backup.gz`) and the uploads folder is moved aside;
 * 3. the backup is loaded (tables dropped, the empty database migrated to the backup's schema version, rows
 *    inserted table by table in batches, the later migrations applied, uploads written, the search index rebuilt
 *    from the posts: backups do not carry it, and the `search_docs` rows of older backups are left out);
 * 4. if loading fails midway (a row the database refuses, a lost connection, a full disk), the previous rows are
 *    loaded back from the copy and the previous uploads folder put back — or, for a database that was empty, its
 *    tables are dropped again — and RestoreFailed says what failed and that nothing changed. Only when putting
 *    back fails too is the copy kept, and the message names it. After a success the copy is deleted.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateTo, migrateToLatest, type Db } from '../../core/db/index.js';
import { readEntries, readHeader, type BackupHeader } from './backup.format.js';
import { reindexAll } from '../search/index.js';
import { SKIPPED_TABLES, clearTable, columnsByTable, dropAllTables, hasTables, insertRows, type BackupRow } from './backup.repository.js';
import { BackupRefused, checkBackup, createBackup, type BackupSummary, type Progress } from './backup.service.js';

/** A restore that failed after it had started changing the database; `message` says whether it was undone. */
export class RestoreFailed extends Error {
  constructor(
    message: string,
    /** Reason key for HTTP answers. */
    readonly reason: string,
    /** Where the previous content is kept when it could not be put back, else null. */
    readonly keptAt: string | null,
  ) {
    super(message);
  }
}

/**
 * Reads a whole backup once and checks that it is complete and consistent with its header (step 1 above).
 * @throws BackupRefused `error.backup.damaged` saying what is wrong
 */
export async function verifyBackup(file: string, header: BackupHeader): Promise<void> {
  const damaged = (why: string) => new BackupRefused(`${path.basename(file)} is damaged or incomplete (${why}); nothing was changed.`, 'error.backup.damaged');
  const expected = new Map(header.tables.map((t) => [t.name, Number(t.rows)]));
  const seen = new Map<string, number>();
  let table: { name: string; width: number } | null = null;
  let rows = 0;
  let files = 0;
  let end: { rows: number; files: number } | null = null;
  try {
    for await (const entry of readEntries(file)) {
      if (end) throw damaged('content after the end line');
      if (entry.kind === 'table') {
        table = { name: entry.name, width: entry.columns.length };
        seen.set(entry.name, 0);
      } else if (entry.kind === 'row') {
        if (!table) throw damaged('a row before any table');
        if (entry.values.length !== table.width) throw damaged(`a row of ${table.name} with ${entry.values.length} values for ${table.width} columns`);
        seen.set(table.name, seen.get(table.name)! + 1);
        rows++;
      } else if (entry.kind === 'file') files++;
      else end = { rows: entry.rows, files: entry.files };
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw damaged((err as Error).message);
  }
  if (!end) throw damaged('no end line');
  for (const [name, n] of expected) {
    if ((seen.get(name) ?? 0) !== n) throw damaged(`${name} has ${seen.get(name) ?? 0} rows where the header says ${n}`);
  }
  if (end.rows !== rows || end.files !== files || files !== Number(header.files)) throw damaged(`${rows} rows and ${files} files where the file says ${end.rows} and ${end.files}`);
}

/**
 * Loads a checked backup into `db` (step 3 above).
 * @param uploads an empty or missing folder to write the backup's files into, or null to leave files alone
 */
async function loadBackup(db: Db, uploads: string | null, file: string, header: BackupHeader, progress?: Progress): Promise<BackupSummary> {
  await dropAllTables(db);
  await migrateTo(db, header.schema);
  const columns = await columnsByTable(db);
  const loaded = header.tables.filter((t) => !SKIPPED_TABLES.test(t.name));
  // The posts are indexed again at the end: one step each.
  const posts = loaded.filter((t) => t.name === 'questions' || t.name === 'answers').reduce((s, t) => s + t.rows, 0);
  const total = loaded.reduce((s, t) => s + t.rows, 0) + header.files + posts;
  const counts: Array<{ name: string; rows: number }> = [];
  let done = 0;
  let table: { name: string; columns: string[]; keep: number[] } | null = null;
  let batch: BackupRow[] = [];
  const flush = async () => {
    if (table && batch.length) await insertRows(db, table.name, batch);
    done += batch.length;
    batch = [];
    progress?.(done, total);
  };
  let files = 0;
  for await (const entry of readEntries(file)) {
    if (entry.kind === 'row') {
      if (!table) continue;
      const row: BackupRow = {};
      for (const i of table.keep) row[table.columns[i]!] = entry.values[i] ?? null;
      batch.push(row);
      counts[counts.length - 1]!.rows++;
      if (batch.length >= 2000) await flush();
    } else if (entry.kind === 'table') {
      await flush();
      if (SKIPPED_TABLES.test(entry.name)) {
        table = null; // the search index of a backup made before it was left out
        continue;
      }
      const target = columns.get(entry.name);
      // A table this schema version does not have is left out (it cannot happen with the backup's own version).
      table = target ? { name: entry.name, columns: entry.columns, keep: entry.columns.map((c, i) => (target.has(c) ? i : -1)).filter((i) => i >= 0) } : null;
      if (table) await clearTable(db, entry.name);
      counts.push({ name: entry.name, rows: 0 });
    } else if (entry.kind === 'file') {
      await flush();
      if (!uploads) continue;
      const dest = path.resolve(uploads, entry.path);
      if (!dest.startsWith(path.resolve(uploads) + path.sep)) throw new Error(`unsafe file path in backup: ${entry.path}`);
      mkdirSync(path.dirname(dest), { recursive: true });
      writeFileSync(dest, entry.data);
      files++;
      progress?.(++done, total);
    } else {
      await flush();
    }
  }
  await flush();
  await migrateToLatest(db);
  await reindexAll(db, (n) => progress?.(done + n, total));
  return { schema: header.schema, rows: counts.reduce((s, c) => s + c.rows, 0), files, tables: counts };
}

/**
 * Restores a backup into `db` and the uploads folder, replacing their content, all or nothing (this file's header).
 * Ids keep working because `id_sequences` is restored with the rows.
 * @param uploads the data directory's uploads folder (the copy of the previous rows is written beside it)
 * @param opts.replace must be true when the database already has tables (the caller has confirmed)
 * @throws BackupRefused before anything changes: newer backup, not a backup, damaged or cut-short file, database
 *   not empty without `replace`
 * @throws RestoreFailed when loading failed midway: the previous content was put back (or, if that failed too,
 *   is kept in the file `keptAt`)
 */
export async function restoreBackup(db: Db, uploads: string, file: string, opts: { replace?: boolean; progress?: Progress } = {}): Promise<BackupSummary> {
  const header = await checkBackup(db, file);
  const hadContent = await hasTables(db);
  if (!opts.replace && hadContent) throw new BackupRefused('The target database is not empty: confirm that its content is to be replaced.', 'error.backup.not_empty');
  await verifyBackup(file, header);

  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const previous = hadContent ? path.join(path.dirname(uploads), `restore-previous-${stamp}-${process.pid}.backup.gz`) : null;
  if (previous) await createBackup(db, null, previous);
  const asideUploads = `${uploads}.restore-previous-${stamp}-${process.pid}`;
  const movedUploads = existsSync(uploads);
  if (movedUploads) renameSync(uploads, asideUploads);
  try {
    const summary = await loadBackup(db, uploads, file, header, opts.progress);
    if (movedUploads) rmSync(asideUploads, { recursive: true, force: true });
    if (previous) rmSync(previous, { force: true });
    return summary;
  } catch (err) {
    const why = (err as Error).message;
    try {
      rmSync(uploads, { recursive: true, force: true });
      if (movedUploads) renameSync(asideUploads, uploads);
      if (previous) await loadBackup(db, null, previous, await readHeader(previous));
      else await dropAllTables(db);
    } catch (again) {
      throw new RestoreFailed(
        `The restore failed (${why}), and putting the previous content back failed too (${(again as Error).message}).` +
          (previous ? ` The previous database content is kept in ${previous}: restore it with \`quorum restore ${previous} --force\`.` : ''),
        'error.backup.restore_failed', previous,
      );
    }
    if (previous) rmSync(previous, { force: true });
    throw new RestoreFailed(`The restore failed (${why}); ${previous ? 'the previous content was put back' : 'the database was left empty, as it was'}: nothing changed.`, 'error.backup.restore_failed', null);
  }
}
