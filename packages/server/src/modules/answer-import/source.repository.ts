/**
 * Reads an Apache Answer 1.x database: SQLite file, PostgreSQL or MySQL/MariaDB, through one untyped Kysely
 * instance. Table and column names are Answer's (internal/entity/*.go: `user`, `question`, `answer`, `comment`,
 * `tag`, `tag_rel`, `activity`, `revision`, `collection`, `notification`, `site_info`, `config`,
 * `user_role_rel`, `badge`, `badge_award`).
 *
 * Answer's ids are BIGINT and reach 10^16 (question `10010000000000001`), past a double's exact range, so every
 * driver is told to return 64-bit integers exactly (BigInt or string); the mapper turns them into strings.
 * TIMESTAMP columns arrive as text on every engine and are read as UTC (mapper.ts `seconds`).
 */
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { existsSync } from 'node:fs';

/** One row as the driver returns it. */
export type SourceRow = Record<string, unknown>;

export class SourceError extends Error {}

/** An open Answer database. */
export interface AnswerSource {
  kysely: Kysely<any>; // Answer's schema is not ours
  engine: 'sqlite' | 'postgres' | 'mysql';
  /** What the summary calls the source: the file name or the DSN without its password. */
  label: string;
  close(): Promise<void>;
}

/**
 * Opens an Answer database from a DSN (`postgres://user:pass@host:5432/answer`, `mysql://root@host:3306/answer`)
 * or a SQLite file path (Answer's default `answer.db`), read-only where the engine allows it.
 * @throws SourceError when the file does not exist or the DSN's scheme is unknown
 */
export async function openSource(dsn: string): Promise<AnswerSource> {
  if (/^postgres(ql)?:\/\//i.test(dsn)) {
    const pg = await import('pg');
    // Own type parsers: the server's pool parses bigint (20) as a number globally, which would round Answer's
    // ids; TIMESTAMP without zone (1114) stays text, read as UTC by the mapper whatever this process's zone is.
    const raw = new Set([20, 1114]);
    const types = { getTypeParser: (oid: number, format?: string) => (raw.has(oid) ? (v: string) => v : pg.default.types.getTypeParser(oid, format as 'text')) };
    const pool = new pg.default.Pool({ connectionString: dsn, max: 2, types, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined);
    const kysely = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', label: redact(dsn), close: () => kysely.destroy() };
  }
  if (/^(mysql|mariadb):\/\//i.test(dsn)) {
    const mysql = await import('mysql2');
    const pool = mysql.createPool({ uri: dsn.replace(/^mariadb:/i, 'mysql:'), connectionLimit: 2, supportBigNumbers: true, bigNumberStrings: true, dateStrings: true, charset: 'utf8mb4', connectTimeout: 5000 });
    const kysely = new Kysely<any>({ dialect: new MysqlDialect({ pool }) });
    return { kysely, engine: 'mysql', label: redact(dsn), close: () => kysely.destroy() };
  }
  const file = dsn.replace(/^(sqlite3?|file):(\/\/)?/i, '');
  if (!existsSync(file)) throw new SourceError(`${file}: file not found (give a SQLite file or a postgres:// or mysql:// DSN)`);
  const { default: SQLite } = await import('better-sqlite3');
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  database.defaultSafeIntegers(true);
  const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
  return { kysely, engine: 'sqlite', label: file, close: () => kysely.destroy() };
}

/** The DSN without its password, for messages. */
function redact(dsn: string): string {
  return dsn.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
}

/** Names of the tables the source has (lower-case). */
export async function sourceTables(src: AnswerSource): Promise<Set<string>> {
  const tables = await src.kysely.introspection.getTables();
  return new Set(tables.map((t) => t.name.toLowerCase()));
}

/** Number of rows of a table. */
export async function countRows(src: AnswerSource, table: string): Promise<number> {
  const r = await src.kysely.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The next `limit` rows of `table` after `after` in the order of `key` (keyset paging, so a large table is
 * never read at once). Keys are compared as numbers (Answer's ids are BIGINT): `after` is a decimal string,
 * '' for the start.
 */
export async function readBatch(src: AnswerSource, table: string, key: string, after: string, limit: number): Promise<SourceRow[]> {
  let q = src.kysely.selectFrom(table).selectAll();
  if (after !== '') {
    // The bound value must reach the comparison as an exact 64-bit integer on every engine.
    const bound = src.engine === 'postgres' ? sql`cast(${after} as bigint)` : src.engine === 'mysql' ? sql`cast(${after} as unsigned)` : sql`${BigInt(after)}`;
    q = q.where(sql.ref(key), '>', bound);
  }
  return (await q.orderBy(key).limit(limit).execute()) as SourceRow[];
}

/** Every row of a small table (config, site_info, user_role_rel, badge). */
export async function readAll(src: AnswerSource, table: string): Promise<SourceRow[]> {
  return (await src.kysely.selectFrom(table).selectAll().execute()) as SourceRow[];
}

/** The largest id of a table as a decimal string ('' when empty); compared as numbers, Answer's ids being BIGINT. */
export async function maxId(src: AnswerSource, table: string): Promise<string> {
  const r = await src.kysely.selectFrom(table).select(sql<unknown>`max(id)`.as('m')).executeTakeFirst();
  return r?.m === null || r?.m === undefined ? '' : String(r.m);
}
