/** WriteWatch (writewatch.ts): which statements move a table's generation. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, transaction, type Db } from './index.js';

describe('write generations per table', () => {
  let dir = '';
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-writewatch-'));
    db = await openDb({ type: 'sqlite3', file: 'w.db' } as Parameters<typeof openDb>[0], dir);
    await sql`create table users (id text primary key, name text)`.execute(db.kysely);
    await sql`create table tags (id text primary key)`.execute(db.kysely);
    await sql`create table questions (id text primary key, title text, view_count integer, unique_view_count integer)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts inserts, updates (also aliased) and deletes of a table, in and out of transactions, and not reads', async () => {
    const k = db.kysely as unknown as import('kysely').Kysely<{ users: { id: string; name: string }; tags: { id: string } }>;
    const gen = () => db.writes!.generation('users');
    expect(gen()).toBe(0);
    await k.insertInto('users').values({ id: '1', name: 'a' }).execute();
    expect(gen()).toBe(1);
    await k.selectFrom('users').selectAll().execute();
    expect(gen()).toBe(1);
    await k.updateTable('users as u').set({ name: 'b' }).where('u.id', '=', '1').execute();
    expect(gen()).toBe(2);
    await transaction(db, async (tx) => {
      await (tx.kysely as unknown as typeof k).deleteFrom('users').where('id', '=', '1').execute();
    });
    expect(gen()).toBe(3);
    await k.insertInto('tags').values({ id: 't' }).execute();
    expect(gen()).toBe(3);
    expect(db.writes!.generation('tags')).toBe(1);
    expect(db.writes!.generation('users', 'tags')).toBe(4);
  });

  it('does not count an update of counter columns only, and counts one that also sets another column', async () => {
    const k = db.kysely as unknown as import('kysely').Kysely<{ questions: { id: string; title: string; view_count: number; unique_view_count: number } }>;
    const gen = () => db.writes!.generation('questions');
    await k.insertInto('questions').values({ id: '1', title: 't', view_count: 0, unique_view_count: 0 }).execute();
    expect(gen()).toBe(1);
    await k.updateTable('questions').set({ view_count: sql`view_count + 2`, unique_view_count: sql`unique_view_count + 2` }).where('id', '=', '1').execute();
    expect(gen()).toBe(1);
    await k.updateTable('questions').set({ view_count: 5, title: 'u' }).where('id', '=', '1').execute();
    expect(gen()).toBe(2);
    expect((await k.selectFrom('questions').select('view_count').executeTakeFirstOrThrow()).view_count).toBe(5);
  });
});
