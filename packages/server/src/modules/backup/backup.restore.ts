/**
 * Restoring a backup (issue "Backup and restore"; docs/OPERATIONS.md "Backups"), all or nothing, also when the
 * process is killed midway:
 * 1. the file is checked (schema version, backup format) and then read through once before anything is touched:
 *    every row under its table with as many values as the table has columns, each table's row count and the
 *    file count as the header says, and the end line present — a damaged or cut-short file is refused and
 *    nothing changes;
 * 2. the restore's journal is created in the data directory (backup.journal.ts; phase `copying`): it is the lock
 *    that keeps a second restore out, and what the next start reads when this one is killed;
 * 3. when the database has content, a copy of its rows is written beside the uploads folder
 *    (`restore-previous-<time>-<pid>.backup.gz`, under `.partial` until complete); the journal then says `loading`;
 * 4. the backup is loaded (tables dropped, the empty database migrated to the backup's schema version, rows
 *    inserted table by table in batches, the later migrations applied, the search index rebuilt from the posts:
 *    backups do not carry it, and the `search_docs` rows of older backups are left out). Its files are written
 *    into a new folder beside the uploads folder (`uploads.restore-new-…`), which the site does not read;
 * 5. the uploads folders are swapped by two renames (the current one to `uploads.restore-previous-…`, the new one
 *    into its place) and the journal says `committed`: from here on the restore counts as done;
 * 6. the copy and the previous uploads are deleted, and the journal last.
 * If loading fails midway (a row the database refuses, a lost connection, a full disk), the previous rows are
 * loaded back from the copy and the previous uploads folder put back — or, for a database that was empty, its
 * tables are dropped again — and RestoreFailed says what failed and that nothing changed. If the process dies
 * instead (killed, out of memory, power lost), the journal stays behind and the next start (server,
 * `quorum restore`, `quorum backup`) does the same from it before anything is served (backup.recovery.ts): a
 * restore that had not reached `committed` is undone, one that had is finished. Either way the site is exactly
 * the old one or exactly the restored one, with its search index. Only when putting back fails is the copy
 * kept, with the journal, and the site is not served until a start manages it.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { configPath, configText, writeConfig } from '../../config/config.js';
import { nowSeconds } from '../../core/context.js';
import { migrateTo, migrateToLatest, type Db, type DbConfig } from '../../core/db/index.js';
import { readEntries, readHeader, type BackupHeader } from './backup.format.js';
// The indexer alone: the command line restores without loading the search routes (and all they import).
import { reindexAll } from '../search/search.indexer.js';
import { SKIPPED_TABLES, clearTable, columnsByTable, dropAllTables, hasTables, insertRows, makeDurable, type BackupRow } from './backup.repository.js';
import { BackupRefused, checkBackup, createBackup, type BackupSummary, type Progress } from './backup.service.js';
import type { UploadStorage } from '../../core/storage/index.js';
import { pruneObjects, pushObjects } from './backup.objects.js';
import { createJournal, crashPoint, hostName, ownerAlive, readJournal, removeJournal, startHeartbeat, sweepLeftovers, syncDir, writeDurably, writeJournal, type RestoreJournal } from './backup.journal.js';

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
 * Loads a checked backup into `db` (step 4 above), with the test-only crash points `rows:n`, `files:n` and
 * `index:n` (backup.journal.ts). Returns only when rows and files are on disk, so that the commit after it
 * survives a power cut too.
 * @param uploads a folder to create and write the backup's files into, or null to leave files alone
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
  let rows = 0;
  let table: { name: string; columns: string[]; keep: number[] } | null = null;
  let batch: BackupRow[] = [];
  const flush = async () => {
    if (table && batch.length) await insertRows(db, table.name, batch);
    done += batch.length;
    rows += batch.length;
    batch = [];
    progress?.(done, total);
    crashPoint('rows', rows);
  };
  let files = 0;
  const folders = new Set<string>();
  if (uploads) mkdirSync(uploads, { recursive: true });
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
      // On disk before the commit, so that a power cut after it cannot leave an empty file.
      writeDurably(dest, entry.data, 0o644);
      folders.add(path.dirname(dest));
      files++;
      progress?.(++done, total);
      crashPoint('files', files);
    } else {
      await flush();
    }
  }
  await flush();
  for (const folder of folders) syncDir(folder);
  await migrateToLatest(db);
  await reindexAll(db, (n) => {
    progress?.(done + n, total);
    crashPoint('index', n);
  });
  await makeDurable(db);
  return { schema: header.schema, rows: counts.reduce((s, c) => s + c.rows, 0), files, tables: counts };
}

/**
 * Ends a committed restore (step 6 above): writes the config file of a data directory that was not installed,
 * deletes the copy of the previous rows and the previous uploads, then the journal, then any other leftover.
 * Safe to run again after being killed halfway.
 */
export function finishCommitted(dataDir: string, journal: RestoreJournal): void {
  if (journal.write_config && journal.database && !existsSync(configPath(dataDir))) writeConfig(dataDir, configText(journal.database));
  rmSync(path.join(dataDir, journal.uploads_previous), { recursive: true, force: true });
  // With remote storage the new folder was only the staging area of the objects (restoreBackup).
  rmSync(path.join(dataDir, journal.uploads_new), { recursive: true, force: true });
  if (journal.previous) rmSync(path.join(dataDir, journal.previous), { force: true });
  removeJournal(dataDir);
  sweepLeftovers(dataDir, journal.uploads);
}

/**
 * Undoes a restore that had not reached `committed`: the new uploads folder deleted and the previous one put
 * back; then, if the database may have been changed (phase `loading`), the previous rows loaded back from the
 * copy (search index rebuilt), or every table dropped when the database had none; then the copy, the journal
 * and any other leftover deleted. Safe to run again after being killed halfway (the journal stays until the end).
 * @param db the database restored into; may be null when the journal says `copying` (the database is untouched)
 * @throws Error when the copy is missing, no database is given for phase `loading`, or the database fails
 */
export async function rollBack(db: Db | null, dataDir: string, journal: RestoreJournal): Promise<void> {
  const at = (name: string) => path.join(dataDir, name);
  rmSync(at(journal.uploads_new), { recursive: true, force: true });
  // The previous folder set aside means the swap began: what is at `uploads` now is not the previous content.
  if (existsSync(at(journal.uploads_previous))) {
    rmSync(at(journal.uploads), { recursive: true, force: true });
    renameSync(at(journal.uploads_previous), at(journal.uploads));
  }
  if (journal.phase === 'loading') {
    if (!db) throw new Error('no database settings to put the previous content back with');
    if (journal.previous) {
      const copy = at(journal.previous);
      if (!existsSync(copy)) throw new Error(`the copy of the previous content, ${copy}, is missing`);
      await loadBackup(db, null, copy, await readHeader(copy));
    } else {
      await dropAllTables(db);
    }
  }
  if (journal.previous) rmSync(at(journal.previous), { force: true });
  removeJournal(dataDir);
  sweepLeftovers(dataDir, journal.uploads);
}

/** Takes the journal (the restore lock) or says why not. */
function takeJournal(dataDir: string, journal: RestoreJournal): void {
  if (createJournal(dataDir, journal)) return;
  const other = readJournal(dataDir);
  const when = other ? new Date(other.started_at * 1000).toISOString() : 'earlier';
  throw new BackupRefused(
    other && ownerAlive(dataDir, other)
      ? `Another restore of this data directory is running (process ${other.pid} on ${other.host}, started ${when}): wait until it ends.`
      : `A restore of this data directory started ${when} did not finish: start Quorum or run \`quorum restore\` again, which undoes it first.`,
    'error.backup.restore_running',
  );
}

/**
 * Restores a backup into `db` and the uploads folder, replacing their content, all or nothing even when killed
 * (this file's header). Ids keep working because `id_sequences` is restored with the rows.
 * @param uploads the data directory's uploads folder (the journal, the copy of the previous rows and the new
 *   uploads folder are written beside it)
 * @param opts.replace must be true when the database already has tables (the caller has confirmed)
 * @param opts.database the settings of `db`, kept in the journal so that a start without a config file can undo
 *   the restore; without them the data directory's config file is used
 * @param opts.writeConfig write the data directory's config file from `opts.database` once committed
 * @param opts.storage the site's remote storage (an S3 bucket), when uploads are not in the `uploads` folder: the
 *   backup's files are written into it before the commit (keys are random and never reused, so this changes no
 *   object the previous rows point at) and, after the commit, the objects that were there when the restore began
 *   and that the backup does not have are deleted. An undone restore leaves the objects it wrote, which no row
 *   names.
 * @throws BackupRefused before anything changes: newer backup, not a backup, damaged or cut-short file, database
 *   not empty without `replace`, another restore running or unfinished (`error.backup.restore_running`)
 * @throws RestoreFailed when loading failed midway: the previous content was put back (or, if that failed too,
 *   is kept in the file `keptAt`, with the journal, for the next start to put back)
 */
export async function restoreBackup(
  db: Db,
  uploads: string,
  file: string,
  opts: { replace?: boolean; progress?: Progress; database?: DbConfig; writeConfig?: boolean; storage?: UploadStorage } = {},
): Promise<BackupSummary> {
  const header = await checkBackup(db, file);
  const hadContent = await hasTables(db);
  if (!opts.replace && hadContent) throw new BackupRefused('The target database is not empty: confirm that its content is to be replaced.', 'error.backup.not_empty');
  await verifyBackup(file, header);

  const dataDir = path.dirname(path.resolve(uploads));
  mkdirSync(dataDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const tag = `${stamp}-${process.pid}`;
  const up = path.basename(uploads);
  const journal: RestoreJournal = {
    started_at: nowSeconds(),
    pid: process.pid,
    host: hostName(),
    file: path.resolve(file),
    database: opts.database ?? null,
    write_config: opts.writeConfig === true && opts.database !== undefined,
    phase: 'copying',
    previous: hadContent ? `restore-previous-${tag}.backup.gz` : null,
    uploads: up,
    uploads_new: `${up}.restore-new-${tag}`,
    uploads_previous: `${up}.restore-previous-${tag}`,
  };
  const at = (name: string) => path.join(dataDir, name);
  takeJournal(dataDir, journal);
  const stopHeartbeat = startHeartbeat(dataDir);
  const remote = opts.storage && opts.storage.kind !== 'local' ? opts.storage : null;
  try {
    // The objects of the content being replaced, deleted once the restore has committed.
    const previousKeys = remote ? (await remote.list()).map((o) => o.key) : [];
    if (journal.previous) await createBackup(db, null, at(journal.previous), (done) => crashPoint('copy', done));
    journal.phase = 'loading';
    writeJournal(dataDir, journal);
    const summary = await loadBackup(db, at(journal.uploads_new), file, header, opts.progress);
    const restoredKeys = remote ? await pushObjects(remote, at(journal.uploads_new)) : null;
    if (!remote) {
      if (existsSync(uploads)) renameSync(uploads, at(journal.uploads_previous));
      crashPoint('swap');
      renameSync(at(journal.uploads_new), uploads);
    }
    journal.phase = 'committed';
    writeJournal(dataDir, journal);
    crashPoint('committed');
    finishCommitted(dataDir, journal);
    if (remote && restoredKeys) await pruneObjects(remote, previousKeys, restoredKeys);
    return summary;
  } catch (err) {
    // A committed restore is done: what failed is its tidying up, which the next start repeats.
    if (journal.phase === 'committed') throw err;
    const why = (err as Error).message;
    try {
      await rollBack(db, dataDir, journal);
    } catch (again) {
      throw new RestoreFailed(
        `The restore failed (${why}), and putting the previous content back failed too (${(again as Error).message}).` +
          ` The next start of Quorum (or \`quorum restore\`) tries again before serving anything` +
          (journal.previous ? `; the previous database content is kept in ${at(journal.previous)}.` : '.'),
        'error.backup.restore_failed', journal.previous ? at(journal.previous) : null,
      );
    }
    throw new RestoreFailed(`The restore failed (${why}); ${journal.previous ? 'the previous content was put back' : 'the database was left empty, as it was'}: nothing changed.`, 'error.backup.restore_failed', null);
  } finally {
    stopHeartbeat();
  }
}
