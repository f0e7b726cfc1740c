import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, shouldRun, testDbConfig } from '../../../test/dialects.js';
import { dropDatabase, ensureDatabase, migrateToLatest, openDb } from '../../core/db/index.js';
import { reindexAll } from './search.indexer.js';
import { recentBound, searchDocs, WINDOW, type SearchPlan } from './search.repository.js';

// PostgreSQL only: the window above a date bound taken from the planner's statistics (recentBound) must be the
// window the plain query gives, for every order, with hidden posts among the newest matches.
describe.runIf(DIALECTS.includes('postgres'))('search window above a date bound on postgres', () => {
  it('gives the same window, count and pages as without statistics', async (t) => {
    if (!(await shouldRun('postgres'))) return t.skip();
    const cfg = testDbConfig('postgres');
    await ensureDatabase(cfg);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-search-window-'));
    let db = await openDb(cfg, dir);
    try {
      await migrateToLatest(db);
      await db.kysely.insertInto('users').values({ id: '1', username: 'w', e_mail: 'w@example.com', bio: '', bio_html: '' }).execute();
      // 40,000 questions, one in 8 with "perry" (about 5,000: several windows; enough posts for a bound).
      const n = 40_000;
      for (let start = 0; start < n; start += 2000) {
        const rows = [];
        for (let i = start; i < start + 2000; i++) {
          const body = `${i % 8 === 0 ? 'perry ' : ''}pear w${i % 997}`;
          rows.push({ id: String(1_000_000 + i), user_id: '1', title: `t${i % 101}`, original_text: body, parsed_text: `<p>${body}</p>`, vote_count: i % 7, created_at: 1_000_000 + i, updated_at: 1, post_updated_at: 1_000_000 + (i * 7919) % n });
        }
        await db.kysely.insertInto('questions').values(rows).execute();
      }
      // Hidden posts among the newest matches: deleted, unlisted.
      await db.kysely.updateTable('questions').set({ status: 10 }).where('id', 'in', [String(1_000_000 + n - 8), String(1_000_000 + n - 16)]).execute();
      await db.kysely.updateTable('questions').set({ show: 2 }).where('id', '=', String(1_000_000 + n - 24)).execute();
      await reindexAll(db);
      const plans: SearchPlan[] = (['relevance', 'newest', 'active', 'score'] as const).flatMap((order) => [
        { forms: ['perry'], tagIds: [], order, offset: 0, limit: 20 },
        { forms: ['perry'], tagIds: [], order, offset: 980, limit: 30 },
        { forms: ['perry', 'pear'], tagIds: [], order, offset: 0, limit: 20 },
      ]);
      expect(await recentBound(db, ['perry'])).toBeNull(); // no statistics yet: the plain query
      const plain = [];
      for (const p of plans) plain.push(await searchDocs(db, p));
      expect(plain[0]!.count).toBe(WINDOW);

      await sql`analyze search_docs`.execute(db.kysely);
      await db.close();
      db = await openDb(cfg, dir); // statistics are read once per connection pool
      const bound = await recentBound(db, ['perry']);
      expect(bound).toBeGreaterThan(1_000_000);
      expect(bound).toBeLessThan(1_000_000 + n);
      expect(await recentBound(db, ['pear'])).toBeNull(); // in every post: the date-order walk
      // Enough matches above the bound for a full window: the searches below take the bounded query.
      const above = await sql<{ n: number }>`select count(*) as n from search_docs where listed and created_at >= ${bound} and tsv @@ to_tsquery('simple', 'perry')`.execute(db.kysely);
      expect(Number(above.rows[0]!.n)).toBeGreaterThanOrEqual(WINDOW);
      for (const [i, p] of plans.entries()) expect(await searchDocs(db, p), JSON.stringify(p)).toEqual(plain[i]);
    } finally {
      await db.close();
      await dropDatabase(cfg);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
