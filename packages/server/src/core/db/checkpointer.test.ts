/**
 * The checkpoint thread (checkpointer.ts): once the write-ahead log passes its start size, the database file
 * catches up with the log while the server's connection, below its backstop, checkpoints nothing itself.
 */
import { mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, transaction, type Db } from './index.js';

/** Pages the database file itself holds (header bytes 28-31): what checkpoints have written back so far. */
function filePages(file: string): number {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(4);
  readSync(fd, buf, 0, 4, 28);
  closeSync(fd);
  return buf.readUInt32BE(0);
}

describe('SQLite checkpoints in a thread', () => {
  let dir = '';
  let db: Db;
  let file = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-checkpoint-'));
    file = path.join(dir, 'c.db');
    db = await openDb({ type: 'sqlite3', file: 'c.db' } as Parameters<typeof openDb>[0], dir);
    await sql`create table blobs (id integer primary key, body text not null)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the log back to the database file from the thread once the log passes 4 MB', async () => {
    const body = 'x'.repeat(2000);
    const before = filePages(file);
    // ~6 MB of rows in 30 transactions: past the thread's start size, below the connection's 40 MB backstop.
    for (let t = 0; t < 30; t++) {
      await transaction(db, async (tx) => {
        for (let i = 0; i < 100; i++) await sql`insert into blobs (body) values (${body})`.execute(tx.kysely);
      });
    }
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
    expect(filePages(file)).toBe(before);
    const deadline = Date.now() + 5000;
    while (filePages(file) < 1000 && Date.now() < deadline) await sleep(100);
    expect(filePages(file)).toBeGreaterThan(1000);
    const n = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db.kysely);
    expect(Number(n.rows[0]!.n)).toBe(3000);
  }, 15_000);
});
