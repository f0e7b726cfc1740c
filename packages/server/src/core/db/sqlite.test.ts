/**
 * The SQLite connection of openDb: planner statistics kept current, and transactions that hold the write lock
 * from their start, so a second process cannot make them fail.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, transaction, type Db } from './index.js';

let dir = '';
const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function sqlite(file = 'q.db'): Promise<Db> {
  dir ||= mkdtempSync(path.join(os.tmpdir(), 'quorum-sqlite-'));
  const db = await openDb({ type: 'sqlite3', file }, dir);
  open.push(db);
  return db;
}

/** Rows of a statistics table (0 when it does not exist). */
async function statRows(db: Db, table: 'sqlite_stat1' | 'sqlite_stat4'): Promise<number> {
  const exists = await sql`select 1 from sqlite_schema where type = 'table' and name = ${table}`.execute(db.kysely);
  if (!exists.rows.length) return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
  return rows[0]!.n;
}

describe('SQLite connections', () => {
  it('keep planner statistics, so a selective index wins over one that only matches the order', async () => {
    const db = await sqlite();
    await sql`create table posts (id integer primary key, parent text not null, status integer not null, created_at integer not null)`.execute(db.kysely);
    await sql`create index posts_parent_idx on posts (parent, status)`.execute(db.kysely);
    await sql`create index posts_status_newest_idx on posts (status, created_at, id)`.execute(db.kysely);
    await sql`create index posts_newest_idx on posts (created_at, id)`.execute(db.kysely);
    await sql`insert into posts (parent, status, created_at) select 'p' || (value / 2), case when value % 50 = 0 then 2 else 1 end, value from generate_series(1, 20000)`.execute(db.kysely).catch(async () => {
      // builds without generate_series: the same rows in batches
      for (let start = 1; start <= 20000; start += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => sql`(${`p${Math.floor((start + i) / 2)}`}, ${(start + i) % 50 === 0 ? 2 : 1}, ${start + i})`);
        await sql`insert into posts (parent, status, created_at) values ${sql.join(rows)}`.execute(db.kysely);
      }
    });
    await db.close();
    const reopened = await sqlite();
    const plan = await sql<{ detail: string }>`explain query plan select id from posts where parent = ${'p9999'} and status = 1 order by created_at, id limit 1`.execute(reopened.kysely);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('posts_parent_idx');
    // A list page: a status every row has, newest first; the order's index must win over sorting every row.
    const list = await sql<{ detail: string }>`explain query plan select * from posts where status in (1, 2) order by created_at desc, id desc limit 20`.execute(reopened.kysely);
    expect(list.rows.map((r) => r.detail).join(' ')).not.toContain('TEMP B-TREE');
    // Row estimates only: with ANALYZE's sample rows SQLite recompiles a statement at each new parameter value.
    expect(await statRows(reopened, 'sqlite_stat1')).toBeGreaterThan(0);
    expect(await statRows(reopened, 'sqlite_stat4')).toBe(0);
  });

  it('drop the sample rows of planner statistics that an older version or a migration left, keeping the row estimates', async () => {
    const db = await sqlite();
    await sql`create table items (id integer primary key, owner text not null)`.execute(db.kysely);
    await sql`create index items_owner_idx on items (owner)`.execute(db.kysely);
    for (let start = 0; start < 2000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => sql`(${`u${(start + i) % 300}`})`);
      await sql`insert into items (owner) values ${sql.join(rows)}`.execute(db.kysely);
    }
    await db.close();
    // Another connection analyzes, as Quorum before this change did at every open.
    const other = new Database(path.join(dir, 'q.db'));
    other.exec('analyze');
    const written = (other.prepare('select count(*) as n from sqlite_stat4').get() as { n: number }).n;
    other.close();
    expect(written).toBeGreaterThan(0);
    const reopened = await sqlite();
    expect(await statRows(reopened, 'sqlite_stat4')).toBe(0);
    expect(await statRows(reopened, 'sqlite_stat1')).toBeGreaterThan(0);
    // A migration's ANALYZE on the open connection: dropStatSamples (run after migrations) removes its samples.
    await sql`analyze items`.execute(reopened.kysely);
    expect(await statRows(reopened, 'sqlite_stat4')).toBeGreaterThan(0);
    reopened.dropStatSamples!();
    expect(await statRows(reopened, 'sqlite_stat4')).toBe(0);
    const plan = await sql<{ detail: string }>`explain query plan select id from items where owner = ${'u7'}`.execute(reopened.kysely);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('items_owner_idx');
  });

  it('start transactions with the write lock: another process cannot write between their read and their write', async () => {
    const db = await sqlite();
    await sql`create table counters (name text primary key, n integer not null)`.execute(db.kysely);
    await sql`insert into counters values ('a', 0)`.execute(db.kysely);
    // The other process, with no patience: it fails at once when the lock is taken.
    const other = new Database(path.join(dir, 'q.db'));
    other.pragma('busy_timeout = 0');
    let otherError = '';
    try {
      await transaction(db, async (tx) => {
        const { rows } = await sql<{ n: number }>`select n from counters where name = 'a'`.execute(tx.kysely);
        try {
          other.prepare(`update counters set n = n + 100 where name = 'a'`).run();
        } catch (err) {
          otherError = (err as { code?: string }).code ?? String(err);
        }
        await sql`update counters set n = ${rows[0]!.n + 1} where name = 'a'`.execute(tx.kysely);
      });
    } finally {
      other.close();
    }
    expect(otherError).toBe('SQLITE_BUSY');
    const { rows } = await sql<{ n: number }>`select n from counters where name = 'a'`.execute(db.kysely);
    expect(rows[0]!.n).toBe(1);
  });

  it('run a read statement at once outside transactions only, and leave writes to Kysely', async () => {
    const db = await sqlite();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    await sql`insert into notes (body) values ('first')`.execute(db.kysely);
    const count = () => db.queryNow!('select count(*) as n from notes', []);
    // While a transaction waits between its statements, a read at once would see its uncommitted row: it declines.
    let during: unknown = 'not run';
    await transaction(db, async (tx) => {
      await sql`insert into notes (body) values ('second')`.execute(tx.kysely);
      during = count();
    });
    expect(during).toBeUndefined();
    expect(count()).toEqual([{ n: 2 }]);
    // A failing read leaves the connection usable.
    expect(() => db.queryNow!('select nothing from nowhere', [])).toThrow();
    await transaction(db, async (tx) => {
      await sql`insert into notes (body) values ('third')`.execute(tx.kysely);
    });
    expect(count()).toEqual([{ n: 3 }]);

    // One statement at once: reads only; a write, even one returning rows, is left to Kysely.
    expect(db.queryNow!('select body from notes where id = ?', [1])).toEqual([{ body: 'first' }]);
    expect(db.queryNow!("insert into notes (body) values ('fourth') returning id", [])).toBeUndefined();
    expect(count()).toEqual([{ n: 3 }]);
    let inside: unknown = 'not run';
    await transaction(db, async () => {
      inside = db.queryNow!('select count(*) as n from notes', []);
    });
    expect(inside).toBeUndefined();
  });
});
