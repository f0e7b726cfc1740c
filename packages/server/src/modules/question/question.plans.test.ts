/**
 * SQLite's plans for the question lists on the real schema (every migration applied), once the table has
 * planner statistics: each list order walks its own index and stops after the page, instead of sorting every
 * listed question. An index added to `questions` can turn these plans over (migration 023 is partial for that
 * reason: a full index of the same columns made every list page sort the whole table, 350 ms at 100k questions).
 * The unanswered list has an index of its own (migration 024).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../core/db/index.js';
import { migrateToLatest } from '../../core/db/migrate.js';

describe('question list plans on SQLite', () => {
  let dir = '';
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-plans-'));
    db = await openDb({ type: 'sqlite3', file: 'q.db' }, dir);
    await migrateToLatest(db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
      insert into questions (id, user_id, title, original_text, parsed_text, vote_count, view_count, answer_count, created_at, updated_at, post_updated_at)
      select 10010000000000000 + i, '1', 'Question ' || i, 'text', '<p>text</p>', i % 7, i % 101, i % 3, i, i, i from n`.execute(db.kysely);
    await sql`analyze questions`.execute(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // The statements question.repository.ts `listQuestions` builds (status and show bound as parameters).
  const orders: Record<string, string> = {
    newest: 'pin desc, created_at desc',
    active: 'pin desc, post_updated_at desc',
    score: 'vote_count desc',
    frequent: 'view_count desc',
    hot: 'answer_count desc, vote_count desc, view_count desc',
  };
  for (const [order, by] of Object.entries(orders)) {
    it(`walks an index for the ${order} list, without sorting`, async () => {
      const plan = await sql<{ detail: string }>`explain query plan select * from questions where status in (${1}, ${2}) and show = ${1}
        order by ${sql.raw(by)}, id desc limit ${20} offset ${0}`.execute(db.kysely);
      const text = plan.rows.map((r) => r.detail).join(' | ');
      expect(text).toMatch(/^SCAN questions USING INDEX questions_\w+_idx$/);
      expect(text).not.toContain('TEMP B-TREE');
    });
  }

  it('reads the unanswered list from its own index, however few questions wait for an answer', async () => {
    const plan = await sql<{ detail: string }>`explain query plan select * from questions where status in (${1}, ${2}) and show = ${1}
      and answer_count = ${0} order by pin desc, created_at desc, id desc limit ${20} offset ${0}`.execute(db.kysely);
    const text = plan.rows.map((r) => r.detail).join(' | ');
    expect(text).toBe('SEARCH questions USING INDEX questions_unanswered_idx (answer_count=?)');
  });
});
