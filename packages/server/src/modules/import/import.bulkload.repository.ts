/**
 * Bulk-load mode of the SQLite import: the per-row work of the post tables (the full-text insert trigger of
 * `search_docs`, the secondary indexes of tables the import at least doubles) set aside inside the import
 * transaction and done in bulk, then put back as it was (docs/BENCHMARKS.md "Import speed, 2026-11-27").
 * Used through ImportRepository (import.repository.ts), which writes the buffered rows first.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/** Tables whose secondary indexes a bulk load may set aside (see `suspendIndexing`). */
export type SuspendableTable = 'questions' | 'answers' | 'tag_rel' | 'search_docs' | 'comments' | 'votes';

/**
 * What `suspendIndexing` set aside inside the import transaction, put back by `resumeIndexing`: the dropped
 * secondary indexes (their own CREATE statements and planner statistics) and the full-text insert trigger with
 * the set-based statement that does its work for the rows written meanwhile.
 */
export interface SuspendedIndexing {
  indexes: Array<{ name: string; sql: string }>;
  /** sqlite_stat1 rows of the dropped indexes (DROP INDEX deletes them) */
  stats: Array<{ tbl: string; idx: string; stat: string }>;
  fts: {
    /** the trigger's CREATE statement, run again as it was */
    trigger: string;
    /** the trigger's INSERT as one INSERT ... SELECT over the rows with rowid in (?, ?], in rowid order */
    fill: string;
    /** highest search_docs rowid in the full-text index: before the load, then as `indexPending` advances */
    after: number;
    /** the FTS5 table and its hashsize before the load (null: the default) */
    table: string;
    hashsize: number | null;
  } | null;
}

/**
 * FTS5 pending-data size during a bulk load (bytes; FTS5's default is 1 MB). Larger means fewer, larger level-0
 * segments and less merging: indexing 60k posts took 0.5 s instead of 0.95 s with 64 MB (docs/BENCHMARKS.md).
 * Bounded: the pending terms are flushed to the database whenever they reach it.
 */
const FTS_HASHSIZE = 64 << 20;

/**
 * An after-insert trigger that copies the new row into a full-text table:
 * `create trigger <name> after insert on search_docs begin insert into <fts>(<cols>) values (new.<col>, ...); end`.
 */
const FTS_INSERT_TRIGGER = /^create\s+trigger\s+"?(\w+)"?\s+after\s+insert\s+on\s+"?search_docs"?\s+begin\s+insert\s+into\s+"?(\w+)"?\s*\(([\w\s,]+)\)\s*values\s*\(([\w\s,.]+)\)\s*;\s*end$/i;

/**
 * Bulk-load mode for the posts of a large import (SQLite only; call inside the import transaction, before the
 * first post row). Two kinds of per-row work are set aside and done in bulk by `resumeIndexing`:
 * - the full-text insert trigger of `search_docs` (FTS5 tokenizing every row inside the INSERT, ~45% of the
 *   post-writing time at 300k posts): dropped, and its INSERT run once as INSERT ... SELECT over the new rows,
 *   which gives the index the same rows, the same rowids and the same text the trigger would have given it;
 * - the secondary (not unique) indexes of a table the import at least doubles (`expected` new rows against the
 *   rows already there): dropped, and created again from their own CREATE statements with their statistics.
 * DDL is transactional in SQLite, so a failure or a crash before the commit rolls all of it back with the rows:
 * nothing is ever left unindexed, and a re-run starts from the schema as it was. Nothing may update or delete
 * `search_docs` rows between the two calls (their triggers assume the index holds every row).
 * @param expected rows the load will add per table
 * @param db the import transaction on SQLite (ImportRepository sets nothing aside on PostgreSQL and MySQL)
 * @returns what to hand to `resumeIndexing`; its `fts` is null when the trigger is not the plain one-INSERT form
 *   this can reproduce (then it stays, and only indexes are dropped)
 */
export async function suspendIndexing(db: Kysely<Database>, expected: Partial<Record<SuspendableTable, number>>): Promise<SuspendedIndexing | null> {
  const out: SuspendedIndexing = { indexes: [], stats: [], fts: null };
  for (const [table, n] of Object.entries(expected) as Array<[SuspendableTable, number]>) {
    if (!n) continue;
    const have = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    if (Number(have.rows[0]!.n) >= n) continue;
    const idx = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'index' and tbl_name = ${table} and sql is not null and lower(sql) not like 'create unique%' order by name`.execute(db);
    out.indexes.push(...idx.rows);
  }
  if (out.indexes.length) {
    const hasStats = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (Number(hasStats.rows[0]!.n) > 0) {
      const names = out.indexes.map((i) => i.name);
      out.stats = (await sql<{ tbl: string; idx: string; stat: string }>`select tbl, idx, stat from sqlite_stat1 where idx in (${sql.join(names)})`.execute(db)).rows;
    }
    for (const i of out.indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);
  }
  if (expected.search_docs) out.fts = await suspendFtsTrigger(db);
  return out;
}

/** Drops the full-text insert trigger of `search_docs` when it has the one-INSERT form; see `suspendIndexing`. */
async function suspendFtsTrigger(db: Kysely<Database>): Promise<SuspendedIndexing['fts']> {
  const triggers = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'search_docs'`.execute(db);
  const inserts = triggers.rows.filter((t) => /\bafter\s+insert\b/i.test(t.sql));
  if (inserts.length !== 1) return null;
  const ddl = inserts[0]!.sql.replace(/\s+/g, ' ').trim();
  const m = FTS_INSERT_TRIGGER.exec(ddl);
  if (!m) return null;
  const [, name, table, cols, vals] = m as unknown as [string, string, string, string, string];
  const values = vals.split(',').map((v) => /^new\.(\w+)$/i.exec(v.trim())?.[1]);
  if (values.some((v) => v === undefined) || values.length !== cols.split(',').length) return null;
  const max = await sql<{ m: number | null }>`select max(rowid) as m from search_docs`.execute(db);
  const conf = await sql<{ v: number }>`select v from ${sql.table(`${table}_config`)} where k = 'hashsize'`.execute(db);
  const fill = `insert into "${table}"(${cols}) select ${values.map((v) => `"${v}"`).join(', ')} from "search_docs" where rowid > ? and rowid <= ? order by rowid`;
  await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql`insert into ${sql.table(table)}(${sql.id(table)}, rank) values ('hashsize', ${sql.lit(FTS_HASHSIZE)})`.execute(db);
  return { trigger: inserts[0]!.sql, fill, after: Number(max.rows[0]?.m ?? 0), table, hashsize: conf.rows.length ? Number(conf.rows[0]!.v) : null };
}

/**
 * During the bulk-load mode of `suspendIndexing`: adds to the full-text index up to `max` of the `search_docs`
 * rows written since that are not in it yet, oldest first, so that the load can index while it waits for
 * converted bodies instead of all at the end. Each call is one INSERT ... SELECT (one FTS5 segment).
 * @returns the rowid span indexed (0 when no row was waiting, or nothing was set aside)
 */
export async function indexPending(db: Kysely<Database>, s: SuspendedIndexing | null, max: number): Promise<number> {
  if (!s?.fts) return 0;
  const top = await sql<{ m: number | null }>`select max(rowid) as m from search_docs`.execute(db);
  const upTo = Math.min(Number(top.rows[0]?.m ?? 0), s.fts.after + max);
  if (upTo <= s.fts.after) return 0;
  await db.executeQuery(CompiledQuery.raw(s.fts.fill, [s.fts.after, upTo]));
  const n = upTo - s.fts.after;
  s.fts.after = upTo;
  return n;
}

/**
 * Ends the bulk-load mode of `suspendIndexing`, in the same transaction, once the buffered rows are written:
 * indexes the `search_docs` rows not indexed yet in one INSERT ... SELECT, puts the trigger and the FTS5 hashsize
 * back, and creates the dropped indexes again with their statistics.
 */
export async function resumeIndexing(db: Kysely<Database>, s: SuspendedIndexing | null): Promise<void> {
  if (!s) return;
  if (s.fts) {
    await db.executeQuery(CompiledQuery.raw(s.fts.fill, [s.fts.after, Number.MAX_SAFE_INTEGER]));
    const t = sql.table(s.fts.table);
    const id = sql.id(s.fts.table);
    // FTS5 has no 'reset to default' for a setting; writing the default (1 MB) back behaves the same. A literal:
    // FTS5 takes integers only, and better-sqlite3 binds numbers as floats.
    await sql`insert into ${t}(${id}, rank) values ('hashsize', ${sql.lit(Math.trunc(s.fts.hashsize ?? 1 << 20))})`.execute(db);
    await db.executeQuery(CompiledQuery.raw(s.fts.trigger));
  }
  for (const i of s.indexes) await db.executeQuery(CompiledQuery.raw(i.sql));
  for (const st of s.stats) await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${st.tbl}, ${st.idx}, ${st.stat})`.execute(db);
}

