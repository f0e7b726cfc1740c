/**
 * Database connection for the three engines (SQLite via better-sqlite3, PostgreSQL via pg, MySQL/MariaDB via
 * mysql2), behind one Kysely instance. Every dialect difference of the code base lives in core/db.
 */
import { CompiledQuery, Kysely, MysqlDialect, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type RawBuilder, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from 'kysely';
import type { DbType } from '@quorum/contract';
import type { Database } from './schema.js';
import { WriteWatch } from './writewatch.js';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** Database settings as kept in the config file (`database:` section). */
export interface DbConfig {
  /** Answer's names: sqlite3 | postgres | mysql */
  type: DbType;
  /** SQLite file path (absolute, or relative to the data directory). */
  file?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  name?: string;
  /** Connection pool size for PostgreSQL/MySQL. */
  pool?: number;
}

/** The handle services and repositories receive. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * This process's writes per table (core/db/writewatch.ts), for caches of what was read from them; absent on
   * handles made without `openDb` (migrations' own), whose reads are then not cached.
   */
  writes?: WriteWatch;
  /**
   * SQLite only: the rows of one read statement (SQL text and parameters), run at once and synchronously, without
   * Kysely's per-query work (connection hand-over, plugins, promises); undefined when the connection is inside a
   * transaction or the statement is not a plain `select`/`with` read, and the caller then runs it the usual way.
   * Used by prepared queries (core/db/prepared.ts).
   */
  queryNow?: (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
  /**
   * SQLite only: deletes the sample rows of the planner statistics (`sqlite_stat4`) that an ANALYZE left, keeping
   * `sqlite_stat1` (see `refreshStatistics`); run after migrations, some of which analyze the tables they index.
   */
  dropStatSamples?: () => void;
}

/** Maps Answer's db_type to our dialect name. */
export function dialectOf(type: DbType): DialectName {
  return type === 'sqlite3' ? 'sqlite' : type === 'postgres' ? 'postgres' : 'mysql';
}

/** Column type for long text: MySQL's TEXT stops at 64 KB, so it gets MEDIUMTEXT. */
export function longText(dialect: DialectName): RawBuilder<unknown> {
  return sql.raw(dialect === 'mysql' ? 'mediumtext' : 'text');
}

/**
 * `column` lower-cased in every script, for case-insensitive comparisons of names: `lower()` on PostgreSQL (a UTF-8
 * database folds every script) and MySQL/MariaDB, and on SQLite, whose `lower()` folds only A-Z, the connection's
 * `fold_case()` (JavaScript's toLowerCase, registered by openDb). Compare it with a value lower-cased by
 * `toLowerCase()`.
 */
export function foldCase(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`fold_case(${sql.ref(column)})` : sql<string>`lower(${sql.ref(column)})`;
}

function splitHost(host: string | undefined, fallbackPort: number): { host: string; port: number } {
  const h = host || '127.0.0.1';
  const m = /^(.*):(\d+)$/.exec(h);
  return m ? { host: m[1]!, port: Number(m[2]) } : { host: h, port: fallbackPort };
}

let pgTypesConfigured = false;

/** Prepared statements kept per SQLite connection (least recently used dropped first). */
const STATEMENT_CACHE = 500;

/**
 * A better-sqlite3 database whose `prepare` returns a cached statement for SQL text it has seen: Kysely prepares
 * on every query, which cost ~5% of the CPU of a server-rendered page (docs/BENCHMARKS.md). Reusing a statement
 * is safe here because Kysely runs one query at a time on its single SQLite connection and consumes each result
 * before the next; SQLite re-prepares a cached statement by itself after a schema change.
 */
function withStatementCache(database: { prepare(sql: string): SqliteStatement; close(): void }, max = STATEMENT_CACHE, beforeClose: () => void = () => undefined): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      beforeClose();
      database.close();
    },
    prepare(text: string): SqliteStatement {
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text);
      } else {
        stmt = database.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      return stmt;
    },
  };
}

/** The part of a better-sqlite3 connection that refreshStatistics uses. */
interface StatsConnection {
  exec(sql: string): unknown;
  pragma(sql: string): unknown;
  prepare(sql: string): { get(): unknown };
  readonly inTransaction: boolean;
}

/**
 * SQLite's planner statistics refreshed (PRAGMA optimize: only tables without statistics or that grew or shrank
 * tenfold are analyzed) and kept to `sqlite_stat1`, the row estimates per index. better-sqlite3 is built with
 * SQLITE_ENABLE_STAT4, so ANALYZE also stores sample rows (`sqlite_stat4`), and with samples present SQLite
 * recompiles a statement whenever a parameter compared with an indexed column is bound to a new value (the
 * sqlite3_prepare_v2 documentation): every lookup by question, user or post id was recompiled on each call, 6-9 us
 * on top of a 1.2 us index probe (docs/BENCHMARKS.md "Eighth round"). The samples are deleted in the transaction
 * that wrote them, so no connection of another process loads them either, and this connection reloads what is
 * left (ANALYZE sqlite_schema). With `analyze` false only the samples are deleted. Never throws: on a read-only
 * or damaged file, or while another process holds the write lock past busy_timeout, statistics stay as they were
 * (they only steer plans).
 */
function refreshStatistics(database: StatsConnection, analyze = true): void {
  try {
    let reload = analyze;
    database.exec('begin');
    try {
      if (analyze) database.pragma('optimize = 0x10002');
      if (hasStatSamples(database)) {
        database.exec('delete from sqlite_stat4');
        reload = true;
      }
      database.exec('commit');
    } finally {
      if (database.inTransaction) database.exec('rollback');
    }
    if (reload) database.exec('analyze sqlite_schema');
  } catch {
    // statistics are an optimization only
  }
}

/** True when `sqlite_stat4` exists and holds a row. */
function hasStatSamples(database: StatsConnection): boolean {
  const table = database.prepare(`select 1 as x from sqlite_schema where type = 'table' and name = 'sqlite_stat4'`).get();
  return table !== undefined && database.prepare('select 1 as x from sqlite_stat4 limit 1').get() !== undefined;
}

/**
 * Kysely's SQLite driver with transactions opened by `BEGIN IMMEDIATE`, which takes the write lock at once (waiting
 * up to busy_timeout for another process to finish). With a plain (deferred) `BEGIN`, a transaction that reads
 * and then writes fails at once with SQLITE_BUSY when another process (`quorum run --workers N`) wrote in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly cfg: SqliteDialectConfig) {
    super(cfg);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.cfg);
  }
}

/**
 * Opens a connection pool. Does not check that the server answers: call `ping` for that.
 * @param cfg database settings; for SQLite the file's directory is created
 * @param dataDir base for a relative SQLite path
 */
export async function openDb(cfg: DbConfig, dataDir: string): Promise<Db> {
  const dialect = dialectOf(cfg.type);
  let kysely: Kysely<Database>;
  let checkpointer: Checkpointer | undefined;
  let queryNow: Db['queryNow'];
  let dropStatSamples: (() => void) | undefined;
  if (dialect === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const file = path.resolve(dataDir, cfg.file || 'quorum.db');
    mkdirSync(path.dirname(file), { recursive: true });
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    // foldCase(): lower-casing beyond A-Z (names in any script), which SQLite's own lower() does not do.
    database.function('fold_case', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
    // Planner statistics (sqlite_stat1), refreshed at open and at close as SQLite recommends (only for tables
    // without statistics or that grew or shrank tenfold): the first open of a large database analyzes it once
    // (2.5 s at 20k questions on a busy machine), later opens cost nothing. Without them SQLite sorted every
    // question to show a list page (480 ms at 20k questions; 0.3 ms with them) and walked every answer to find a
    // question's first one (60 ms; 0.02 ms). Full analysis (analysis_limit 0): sampled statistics misjudged the
    // status columns, which hold one or two values, and kept the slow list plan.
    database.pragma('analysis_limit = 0');
    const optimize = () => refreshStatistics(database);
    optimize();
    dropStatSamples = () => refreshStatistics(database, false);
    // Checkpoints run in a thread of their own once the log grows (checkpointer.ts); this connection only past
    // the backstop.
    database.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    checkpointer = startCheckpointer(file);
    const statements = withStatementCache(database, STATEMENT_CACHE, optimize);
    kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
    queryNow = (text, parameters) => {
      // Plain reads only: a statement that writes (RETURNING makes one a "reader" too) goes through Kysely, whose
      // write watch must see it.
      if (database.inTransaction || !(text.startsWith('select') || text.startsWith('with'))) return undefined;
      const stmt = statements.prepare(text);
      return stmt.reader ? stmt.all(parameters) : undefined;
    };
  } else if (dialect === 'postgres') {
    const pg = await import('pg');
    if (!pgTypesConfigured) {
      // bigint (20) and numeric (1700) arrive as strings; our values fit in a double.
      pg.default.types.setTypeParser(20, (v: string) => Number(v));
      pg.default.types.setTypeParser(1700, (v: string) => Number(v));
      pgTypesConfigured = true;
    }
    const { host, port } = splitHost(cfg.host, cfg.port ?? 5432);
    const pool = new pg.default.Pool({
      host,
      port,
      user: cfg.user || 'postgres',
      password: cfg.password || undefined,
      database: cfg.name || 'quorum',
      max: cfg.pool ?? 10,
      connectionTimeoutMillis: 5000,
      // Short OLTP queries: starting parallel workers costs more (~3-5 ms) than it saves here.
      options: '-c max_parallel_workers_per_gather=0',
    });
    pool.on('error', () => undefined);
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const mysql = await import('mysql2');
    const { host, port } = splitHost(cfg.host, cfg.port ?? 3306);
    const pool = mysql.createPool({
      host,
      port,
      user: cfg.user || 'root',
      password: cfg.password || undefined,
      database: cfg.name || 'quorum',
      connectionLimit: cfg.pool ?? 10,
      charset: 'utf8mb4',
      connectTimeout: 5000,
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
    });
    kysely = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  }
  const writes = new WriteWatch();
  const watched = kysely.withPlugin(writes);
  const close = async () => {
    await checkpointer?.stop();
    await watched.destroy();
  };
  return { kysely: watched, dialect, close, writes, ...(queryNow ? { queryNow } : {}), ...(dropStatSamples ? { dropStatSamples } : {}) };
}

/** Runs a trivial query; throws the driver's error when the database cannot be reached. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

/**
 * Creates the database named in `cfg` when the server is reachable but the database is missing
 * (PostgreSQL and MySQL only). Throws the driver's error when the server cannot be reached.
 */
export async function ensureDatabase(cfg: DbConfig): Promise<void> {
  const dialect = dialectOf(cfg.type);
  if (dialect === 'sqlite') return;
  const name = cfg.name || 'quorum';
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`invalid database name: ${name}`);
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const { host, port } = splitHost(cfg.host, cfg.port ?? 5432);
    const client = new pg.default.Client({ host, port, user: cfg.user || 'postgres', password: cfg.password || undefined, database: 'postgres', connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      const r = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (r.rowCount === 0) await client.query(`create database "${name}" encoding 'UTF8'`);
    } finally {
      await client.end();
    }
  } else {
    const mysql = await import('mysql2/promise');
    const { host, port } = splitHost(cfg.host, cfg.port ?? 3306);
    const conn = await mysql.createConnection({ host, port, user: cfg.user || 'root', password: cfg.password || undefined, connectTimeout: 5000 });
    try {
      await conn.query(`create database if not exists \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    } finally {
      await conn.end();
    }
  }
}

/** Drops the database named in `cfg` (tests only). */
export async function dropDatabase(cfg: DbConfig): Promise<void> {
  const dialect = dialectOf(cfg.type);
  const name = cfg.name || 'quorum';
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const { host, port } = splitHost(cfg.host, cfg.port ?? 5432);
    const client = new pg.default.Client({ host, port, user: cfg.user || 'postgres', password: cfg.password || undefined, database: 'postgres' });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  } else if (dialect === 'mysql') {
    const mysql = await import('mysql2/promise');
    const { host, port } = splitHost(cfg.host, cfg.port ?? 3306);
    const conn = await mysql.createConnection({ host, port, user: cfg.user || 'root', password: cfg.password || undefined });
    try {
      await conn.query(`drop database if exists \`${name}\``);
    } finally {
      await conn.end();
    }
  }
}

/**
 * True when `err` is a unique-constraint violation on any of the three engines
 * (SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY, PostgreSQL 23505, MySQL ER_DUP_ENTRY 1062).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  if (!e) return false;
  return (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e.code === '23505' ||
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062
  );
}

/**
 * Runs `fn` in one database transaction; repositories called with the handle it receives take part in it.
 * Commits when `fn` resolves, rolls back when it throws (and rethrows). Inside a transaction it simply joins it.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return fn(db);
  return db.kysely.transaction().execute((trx) => fn({ ...db, kysely: trx }));
}

