/**
 * The queries of backups and restores: which tables a backup holds, reading every row of a table inside one
 * snapshot, dropping a database's tables before a restore, and inserting rows in batches. Every engine
 * difference of backups lives here.
 */
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation, type Db, type DialectName } from '../../core/db/index.js';

/** A row as it travels through a backup: column name -> number, string or null. */
export type BackupRow = Record<string, unknown>;

/**
 * Tables (or table prefixes) that belong to one engine or to the migrator, never to a backup, and the search
 * index (`search_docs` and SQLite's `search_fts*`), which is made from the posts: a restore rebuilds it
 * (backup.restore.ts), so a backup does not carry every post's text twice, and PostgreSQL, which keeps only the
 * text vectors there (migration 022), can be restored on any engine.
 */
export const SKIPPED_TABLES = /^(quorum_migrations|quorum_migrations_lock|search_docs|search_fts.*|sqlite_.*)$/;

/** One table of a backup with the columns it carries. */
export interface BackupTable {
  name: string;
  columns: string[];
}

/**
 * The content tables of a database, sorted by name, with their engine-neutral columns.
 * @param db a connection or a connection inside a transaction
 */
export async function listTables(db: Kysely<any>): Promise<BackupTable[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && !SKIPPED_TABLES.test(t.name))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The last migration applied to a database (its schema version), or null when none is. */
export async function schemaVersion(db: Kysely<any>): Promise<string | null> {
  const rows = await db.selectFrom('quorum_migrations').select('name').orderBy('name', 'desc').limit(1).execute().catch(() => []);
  return (rows[0]?.name as string | undefined) ?? null;
}

/**
 * Runs `fn` inside one read-only snapshot of the database, on one connection, so every table it reads is of the
 * same moment while writers carry on: SQLite a deferred read transaction (WAL keeps its snapshot), PostgreSQL
 * REPEATABLE READ, MySQL/MariaDB a consistent-snapshot transaction.
 * @param db a connection of its own (a SQLite backup must not share the serving connection)
 */
export async function inSnapshot<T>(db: Db, fn: (conn: Kysely<any>) => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (conn) => {
    const begin = db.dialect === 'sqlite' ? 'begin deferred' : db.dialect === 'postgres' ? 'start transaction isolation level repeatable read read only' : 'start transaction with consistent snapshot';
    await sql.raw(begin).execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql.raw(db.dialect === 'sqlite' ? 'commit' : 'rollback').execute(conn).catch(() => undefined);
    }
  });
}

/**
 * Reads every row of `table` in pages of `pageSize`, on the snapshot connection, without holding the table in
 * memory: PostgreSQL through a cursor, SQLite and MySQL through the driver's row stream.
 * @returns rows with only `columns`
 */
export async function* readRows(conn: Kysely<any>, dialect: DialectName, table: BackupTable, pageSize = 1000): AsyncGenerator<BackupRow[]> {
  if (dialect === 'postgres') {
    const cursor = sql.id(`backup_${table.name}`);
    await sql`declare ${cursor} no scroll cursor for select ${sql.join(table.columns.map((c) => sql.id(c)))} from ${sql.table(table.name)}`.execute(conn);
    try {
      for (;;) {
        const { rows } = await sql<BackupRow>`fetch ${sql.raw(String(pageSize))} from ${cursor}`.execute(conn);
        if (!rows.length) return;
        yield rows;
      }
    } finally {
      await sql`close ${cursor}`.execute(conn);
    }
  }
  let page: BackupRow[] = [];
  for await (const row of conn.selectFrom(table.name).select(table.columns).stream(pageSize)) {
    page.push(row as BackupRow);
    if (page.length >= pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** True when the database holds any table of ours (content or migrations). */
export async function hasTables(db: Db): Promise<boolean> {
  const tables = await db.kysely.introspection.getTables();
  return tables.some((t) => !t.isView && !/^sqlite_/.test(t.name));
}

/**
 * Drops every table of the database (ours: the database is Quorum's own), so a restore starts from nothing.
 * SQLite drops its FTS table first, which takes its shadow tables and the triggers with it.
 */
export async function dropAllTables(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') await sql`drop table if exists search_fts`.execute(db.kysely);
  const tables = (await db.kysely.introspection.getTables()).filter((t) => !t.isView && !/^sqlite_|^search_fts/.test(t.name));
  for (const t of tables) {
    if (db.dialect === 'postgres') await sql`drop table if exists ${sql.table(t.name)} cascade`.execute(db.kysely);
    else await sql`drop table if exists ${sql.table(t.name)}`.execute(db.kysely);
  }
}

/** The columns of each table of a database (after the restore's migrations), by table name. */
export async function columnsByTable(db: Db): Promise<Map<string, Set<string>>> {
  const tables = await listTables(db.kysely);
  return new Map(tables.map((t) => [t.name, new Set(t.columns)]));
}

/** Deletes the rows the migrations seeded into `table`, so the backup's rows replace them. */
export async function clearTable(db: Db, table: string): Promise<void> {
  await (db.kysely as Kysely<any>).deleteFrom(table).execute();
}

/**
 * Inserts rows into `table` in batches small enough for every engine's bound-parameter limit, in one transaction.
 * @param rows rows carrying only columns the table has
 */
export async function insertRows(db: Db, table: string, rows: BackupRow[]): Promise<void> {
  if (!rows.length) return;
  const width = Math.max(1, Object.keys(rows[0]!).length);
  const batch = Math.max(1, Math.floor(8000 / width));
  await (db.kysely as Kysely<any>).transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) await trx.insertInto(table).values(rows.slice(i, i + batch)).execute();
  });
}

/**
 * Makes every committed write of `db` survive a power cut before a restore commits: SQLite, which runs with
 * `synchronous = NORMAL` (committed transactions survive a crash of the process, not always of the machine),
 * checkpoints its log, which syncs it; PostgreSQL and MySQL/MariaDB commit durably already (synchronous_commit,
 * innodb_flush_log_at_trx_commit = 1 by default).
 */
export async function makeDurable(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(FULL)`.execute(db.kysely);
}

/** Counts the rows of a table (tests and the restore summary). */
export async function countRows(db: Db, table: string): Promise<number> {
  const row = await (db.kysely as Kysely<any>).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The `backup` row of `settings` (JSON), or undefined when never saved. */
export async function readScheduleRow(db: Db): Promise<string | undefined> {
  const row = await (db.kysely as Kysely<any>).selectFrom('settings').select('value').where('name', '=', 'backup').executeTakeFirst();
  return row?.value as string | undefined;
}

/** Saves the `backup` row of `settings`. */
export async function writeScheduleRow(db: Db, value: string, now: number): Promise<void> {
  const k = db.kysely as Kysely<any>;
  const r = await k.updateTable('settings').set({ value, updated_at: now }).where('name', '=', 'backup').executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await k.insertInto('settings').values({ name: 'backup', value, updated_at: now }).execute();
}

/**
 * Claims the scheduled backup of `day` (UTC `YYYY-MM-DD`) by inserting its row: of several nodes only one succeeds.
 * @returns true when this caller claimed it
 */
export async function claimDay(db: Db, day: string, now: number): Promise<boolean> {
  try {
    await (db.kysely as Kysely<any>).insertInto('backup_runs').values({ day, started_at: now, finished_at: 0, file: '', error: null }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Records how the claimed backup of `day` ended: the file written, or the error. */
export async function finishDay(db: Db, day: string, result: { file: string; error: string | null }, now: number): Promise<void> {
  await (db.kysely as Kysely<any>).updateTable('backup_runs').set({ ...result, finished_at: now }).where('day', '=', day).execute();
}

/** The most recent scheduled runs, newest first. */
export async function recentRuns(db: Db, limit: number): Promise<Array<{ day: string; started_at: number; finished_at: number; file: string; error: string | null }>> {
  const rows = await (db.kysely as Kysely<any>).selectFrom('backup_runs').selectAll().orderBy('day', 'desc').limit(limit).execute();
  return rows.map((r) => ({ day: String(r.day), started_at: Number(r.started_at), finished_at: Number(r.finished_at), file: String(r.file), error: (r.error as string | null) ?? null }));
}
