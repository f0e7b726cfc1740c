/**
 * The Answer database read from PostgreSQL and MariaDB: the generated fixture copied into each server (Answer's
 * BIGINT ids past 2^53 must arrive exactly), imported through its DSN into a fresh SQLite site.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedSite, shouldRun } from '../../../test/dialects.js';
import { IdGenerator, openDb } from '../../core/db/index.js';
import { importAnswer } from './index.js';
import { buildAnswerFixture, copyFixtureTo, dropFixtureCopy, FIXTURE } from './answer-fixture.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-answer-src-'));
const file = path.join(tmp, 'answer.db');
buildAnswerFixture(file);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

for (const engine of ['postgres', 'mysql'] as const) {
  describe(`Answer database on ${engine}`, () => {
    it('imports through its DSN with ids kept exactly', async () => {
      if (!(await shouldRun(engine))) return;
      const name = `answer_src_${process.pid}_${engine}`;
      const dsn = await copyFixtureTo(file, engine, name);
      const site = await installedSite('sqlite3');
      await site.app.close();
      const db = await openDb(site.db, site.dataDir);
      try {
        const s = await importAnswer(db, new IdGenerator(db), dsn);
        expect(s.source).not.toContain('@127.0.0.1:5432/postgres');
        expect(Object.fromEntries(Object.entries(s.kinds).map(([k, v]) => [k, v.imported]))).toMatchObject({ users: 3, tags: 2, questions: 2, answers: 2, comments: 3, votes: 5, follows: 2, revisions: 2, bookmarks: 1 });
        const q = await db.kysely.selectFrom('questions').select(['id', 'vote_count', 'accepted_answer_id', 'created_at']).where('id', '=', FIXTURE.q1.id).executeTakeFirstOrThrow();
        expect(q).toEqual({ id: FIXTURE.q1.id, vote_count: 2, accepted_answer_id: FIXTURE.a1, created_at: Date.UTC(2024, 2, 3, 10) / 1000 });
        const again = await importAnswer(db, new IdGenerator(db), dsn);
        expect(Object.values(again.kinds).every((k) => k.imported === 0)).toBe(true);
      } finally {
        await db.close();
        rmSync(site.dataDir, { recursive: true, force: true });
        await dropFixtureCopy(engine, name);
      }
    }, 120_000);
  });
}
