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

  it('read several statements at once in one read, never inside a write under way, and leave no transaction open', async () => {
    const db = await sqlite();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    await sql`insert into notes (body) values ('first')`.execute(db.kysely);
    const bodies = () => db.readNow!((all) => [...all('select body from notes order by id', []), ...all('select count(*) as n from notes where body = ?', ['first'])]);
    expect(bodies()).toEqual([{ body: 'first' }, { n: 1 }]);

    // While a transaction waits between its statements, a read at once would see its uncommitted row: it declines.
    let during: unknown = 'not run';
    await transaction(db, async (tx) => {
      await sql`insert into notes (body) values ('second')`.execute(tx.kysely);
      during = bodies();
      expect(tx.readNow!((all) => all('select 1 as one', []))).toBeUndefined();
    });
    expect(during).toBeUndefined();
    expect(bodies()).toEqual([{ body: 'first' }, { body: 'second' }, { n: 1 }]);

    // A failing read ends its transaction too: writes and transactions work after it.
    expect(() => db.readNow!((all) => all('select nothing from nowhere', []))).toThrow();
    await transaction(db, async (tx) => {
      await sql`insert into notes (body) values ('third')`.execute(tx.kysely);
    });
    expect(db.readNow!((all) => all('select count(*) as n from notes', []))).toEqual([{ n: 3 }]);

    // One statement at once: reads only; a write, even one returning rows, is left to Kysely.
    expect(db.queryNow!('select body from notes where id = ?', [1])).toEqual([{ body: 'first' }]);
    expect(db.queryNow!("insert into notes (body) values ('fourth') returning id", [])).toBeUndefined();
    expect(db.readNow!((all) => all('select count(*) as n from notes', []))).toEqual([{ n: 3 }]);
    let inside: unknown = 'not run';
    await transaction(db, async () => {
      inside = db.queryNow!('select count(*) as n from notes', []);
    });
    expect(inside).toBeUndefined();
  });
});
