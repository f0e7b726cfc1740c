import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbType } from '@quorum/contract';
import { DIALECTS, shouldRun, testDbConfig } from '../../../test/dialects.js';
import { dropDatabase, ensureDatabase, migrateTo, migrateToLatest, openDb, type Db } from '../../core/db/index.js';
import { reindexAll } from './search.indexer.js';
import { searchDocs } from './search.repository.js';

/**
 * Runs `fn` on a new database of `dialect` migrated up to `version`, with one member (id 1) to own posts, then
 * closes and removes it. `fn` writes the posts and applies the later migrations itself.
 */
async function atVersion(dialect: DbType, version: string, fn: (db: Db) => Promise<void>): Promise<void> {
  const cfg = testDbConfig(dialect);
  await ensureDatabase(cfg);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-search-upgrade-'));
  const db = await openDb(cfg, dir);
  try {
    await migrateTo(db, version);
    await db.kysely.insertInto('users').values({ id: '1', username: 'old', e_mail: 'old@example.com', bio: '', bio_html: '' }).execute();
    await fn(db);
  } finally {
    await db.close();
    if (dialect !== 'sqlite3') await dropDatabase(cfg);
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of DIALECTS) {
  describe(`search index upgrade on ${dialect}`, () => {
    it('migration 017 on a site with posts: searches show its listed posts only', async (t) => {
      if (!(await shouldRun(dialect))) return t.skip();
      await atVersion(dialect, '016_question_list_indexes', async (db) => {
        const k = db.kysely;
        const q = (id: string, status: number, show: number) => ({ id, user_id: '1', title: `Gruit question ${id}`, original_text: 'gruit', parsed_text: '<p>gruit herbs</p>', status, show, created_at: Number(id), updated_at: 1, post_updated_at: 1 });
        // Listed; deleted; unlisted; closed (still shown).
        await k.insertInto('questions').values([q('101', 1, 1), q('102', 10, 1), q('103', 1, 2), q('104', 2, 1)]).execute();
        const a = (id: string, questionId: string, status: number) => ({ id, question_id: questionId, user_id: '1', original_text: 'gruit', parsed_text: '<p>gruit answer</p>', status, created_at: Number(id), updated_at: 1 });
        // Normal under a listed question; deleted; normal under a deleted question.
        await k.insertInto('answers').values([a('201', '101', 1), a('202', '101', 10), a('203', '102', 1)]).execute();
        expect(await reindexAll(db)).toBe(7);

        await migrateToLatest(db);
        const plan = { forms: ['gruit'], tagIds: [], order: 'newest' as const, offset: 0, limit: 20 };
        const shown = await searchDocs(db, plan);
        expect(shown).toMatchObject({ count: 3, hits: [{ object_id: '201' }, { object_id: '104' }, { object_id: '101' }] });
        expect((await searchDocs(db, { ...plan, order: 'relevance' })).hits.map((h) => h.object_id).sort()).toEqual(['101', '104', '201']);
        expect((await searchDocs(db, { ...plan, order: 'score' })).count).toBe(3);
        if (dialect === 'postgres') {
          const rows = await (k as any).selectFrom('search_docs').select(['object_id', 'listed']).orderBy('object_id').execute();
          expect(rows.filter((r: { listed: boolean }) => r.listed).map((r: { object_id: string }) => r.object_id)).toEqual(['101', '104', '201']);
        }
      });
    });

    // Migration 022 is PostgreSQL's alone (the other engines' indexes read the text).
    if (dialect === 'postgres') {
      it('migration 022 on a site with posts: rows keep the same vector without the text, and are found as before', async (t) => {
        if (!(await shouldRun(dialect))) return t.skip();
        await atVersion(dialect, '021_answer_by_member', async (db) => {
          const k = db.kysely as any;
          const q = (id: string, title: string, body: string) => ({ id, user_id: '1', title, original_text: body, parsed_text: `<p>${body}</p>`, status: 1, show: 1, created_at: Number(id), updated_at: 1, post_updated_at: 1 });
          await k.insertInto('questions').values([q('101', 'Sahti brewing', 'juniper branches in the mash'), q('102', 'Kvass at home', 'sahti is another farmhouse drink')]).execute();
          await reindexAll(db);
          const docs = async () => (await k.selectFrom('search_docs').select(['object_id', 'title', 'content', sql`tsv::text`.as('tsv')]).orderBy('object_id').execute()) as { object_id: string; title: string; content: string; tsv: string }[];
          const before = await docs();
          expect(before[0]).toMatchObject({ title: 'sahti brewing' });

          await migrateToLatest(db);
          // The existing rows keep their vectors and lose their text; found as before, the title match first.
          const noText = before.map((d) => [d.object_id, '', '', d.tsv]);
          expect((await docs()).map((d) => [d.object_id, d.title, d.content, d.tsv])).toEqual(noText);
          const plan = { forms: ['sahti'], tagIds: [], order: 'relevance' as const, offset: 0, limit: 20 };
          expect((await searchDocs(db, plan)).hits.map((h) => h.object_id)).toEqual(['101', '102']);
          expect((await searchDocs(db, { ...plan, forms: ['juniper'] })).hits.map((h) => h.object_id)).toEqual(['101']);

          // Indexed again from the posts: the trigger makes the same vector the generated column made.
          await reindexAll(db);
          expect((await docs()).map((d) => [d.object_id, d.title, d.content, d.tsv])).toEqual(noText);
          expect((await searchDocs(db, plan)).hits.map((h) => h.object_id)).toEqual(['101', '102']);

          // A row's text cannot be changed in place: there is none left to vectorize with it.
          await expect(k.updateTable('search_docs').set({ title: 'Renamed' }).where('object_id', '=', '101').execute()).rejects.toThrow(/replaced, not updated/);
        });
      });
    }
  });
}
