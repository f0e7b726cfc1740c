/**
 * Stack Exchange import of a dump the test writes itself (test/se-dump.ts), once per database engine: what the
 * importer must do on any dump, tested without the real fixtures (a clone that has only the repository). The
 * real dumps add what only real data shows (import.test.ts, import.full.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, migratedDb, shouldRun, type TestSite } from '../../../test/dialects.js';
import { writeDump, type DumpFacts } from '../../../test/se-dump.js';
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { RANK_DEFAULTS } from '../activity/index.js';
import { importStackExchange } from './index.js';

const SOURCE = 'brew.stackexchange.com';

async function count(db: Db, table: 'questions' | 'answers' | 'users' | 'tags' | 'comments' | 'search_docs'): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
}

async function internalId(db: Db, external: string): Promise<string> {
  const r = await db.kysely.selectFrom('import_map').select('internal_id').where('source', '=', SOURCE).where('kind', '=', 'post').where('external_id', '=', external).executeTakeFirstOrThrow();
  return r.internal_id;
}

for (const type of DIALECTS) {
  describe(`Stack Exchange import of a generated dump on ${type}`, () => {
    let run = false;
    let db: Db;
    let ids: IdGenerator;
    let close = async () => undefined as void;
    let dump: string;
    let facts: DumpFacts;

    beforeAll(async () => {
      run = await shouldRun(type);
      if (!run) return;
      const m = await migratedDb(type);
      ({ db, ids, close } = m);
      dump = path.join(m.dataDir, SOURCE);
      facts = writeDump(dump, { questions: 120, users: 23, withUsers: true, withComments: true });
    }, 60_000);

    afterAll(async () => {
      if (run) await close();
    });

    it('imports every question, answer, member, comment and tag, with consistent links and counts', async (ctx) => {
      if (!run) return ctx.skip();
      const s = await importStackExchange(db, ids, dump);
      expect(s).toMatchObject({ source: SOURCE, questions: facts.questions, answers: facts.answers, users: facts.owners, placeholderUsers: facts.ownerless ? 1 : 0, comments: facts.comments, tags: facts.tags, skipped: facts.otherRows + facts.orphanComments });
      expect([await count(db, 'questions'), await count(db, 'answers'), await count(db, 'users'), await count(db, 'comments'), await count(db, 'tags')]).toEqual([
        facts.questions, facts.answers, facts.owners + (facts.ownerless ? 1 : 0), facts.comments, facts.tags,
      ]);
      const k = db.kysely;
      const accepted = await k.selectFrom('questions').innerJoin('answers', 'answers.id', 'questions.accepted_answer_id').select(['questions.id as q', 'answers.question_id as aq', 'answers.accepted']).execute();
      expect(accepted).toHaveLength(facts.accepted);
      for (const r of accepted) expect([r.aq, r.accepted]).toEqual([r.q, 2]);
      expect(Number((await k.selectFrom('questions').select(sql<number>`count(*)`.as('n')).where('status', '=', 2).executeTakeFirstOrThrow()).n)).toBe(facts.closed);
      // Denormalized counts equal the rows, question by question and member by member.
      const wrong = await sql<{ n: number }>`select count(*) as n from questions q where q.answer_count <> (select count(*) from answers a where a.question_id = q.id)
        or q.last_answer_id <> coalesce((select a.id from answers a where a.question_id = q.id order by a.created_at desc, a.id desc limit 1), '')`.execute(k);
      expect(Number(wrong.rows[0]!.n)).toBe(0);
      const wrongUsers = await sql<{ n: number }>`select count(*) as n from users u where u.question_count <> (select count(*) from questions q where q.user_id = u.id)
        or u.answer_count <> (select count(*) from answers a where a.user_id = u.id)`.execute(k);
      expect(Number(wrongUsers.rows[0]!.n)).toBe(0);
      const tagSum = await k.selectFrom('tags').select(sql<number>`sum(question_count)`.as('n')).executeTakeFirstOrThrow();
      expect(Number(tagSum.n)).toBe(Number((await k.selectFrom('tag_rel').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
      // Members from Users.xml keep their name and reputation; nobody imported can log in.
      const barista = await k.selectFrom('users').selectAll().where('display_name', '=', 'Barista 3').executeTakeFirstOrThrow();
      expect(barista).toMatchObject({ username: 'barista-3', rank: 30, is_placeholder: 0, location: 'Lisboa', pass: '' });
      // Every imported post is in the search index.
      expect(await count(db, 'search_docs')).toBe(facts.questions + facts.answers);
    }, 60_000);

    it('keeps the code block and the link of a body, and derives markdown', async (ctx) => {
      if (!run) return ctx.skip();
      const q = await db.kysely.selectFrom('questions').select(['parsed_text', 'original_text']).where('id', '=', await internalId(db, facts.codeQuestionId)).executeTakeFirstOrThrow();
      expect(q.parsed_text).toContain('<pre><code>ratio = 1:16');
      expect(q.parsed_text).toMatch(/<a href="http:\/\/example\.com\/brew-guide"[^>]*rel="nofollow ugc noopener"/);
      expect(q.original_text).toContain('```\nratio = 1:16');
      expect(q.original_text).toContain('[the brew guide](http://example.com/brew-guide)');
    });

    it('adds nothing when the same dump is imported again', async (ctx) => {
      if (!run) return ctx.skip();
      const before = [await count(db, 'questions'), await count(db, 'answers'), await count(db, 'users'), await count(db, 'comments')];
      const s = await importStackExchange(db, ids, dump);
      expect(s).toMatchObject({ questions: 0, answers: 0, users: 0, placeholderUsers: 0, comments: 0, tags: 0 });
      expect([await count(db, 'questions'), await count(db, 'answers'), await count(db, 'users'), await count(db, 'comments')]).toEqual(before);
    }, 30_000);
  });
}

for (const type of DIALECTS) {
  describe(`people of a dump without Users.xml on ${type}`, () => {
    let site: TestSite | undefined;
    let tmp = '';

    beforeAll(async () => {
      if (!(await shouldRun(type))) return;
      site = await installedSite(type);
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-gen-people-'));
      writeDump(path.join(tmp, SOURCE), { questions: 60, users: 9 });
      await importStackExchange(site.app.quorum.database!, site.app.quorum.ids!, path.join(tmp, SOURCE));
    }, 90_000);
    afterAll(async () => {
      await site?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('earn the reputation their posts earned, by the site\'s rules', async (ctx) => {
      if (!site) return ctx.skip();
      const k = site.app.quorum.database!.kysely;
      const people = await k.selectFrom('users').select(['id', 'rank']).where('is_placeholder', '=', 1).execute();
      expect(people.length).toBe(10); // 9 owners and the one 'community' placeholder of ownerless posts
      const points = (score: number, up: number, down: number) => (score > 0 ? score * up : -score * down);
      const qs = await k.selectFrom('questions').select(['user_id', 'vote_count']).execute();
      const as = await k.selectFrom('answers').select(['user_id', 'vote_count', 'accepted']).execute();
      let moved = 0;
      for (const p of people) {
        const fromQuestions = qs.filter((q) => q.user_id === p.id).reduce((n, q) => n + points(Number(q.vote_count), RANK_DEFAULTS['question.voted_up'], RANK_DEFAULTS['question.voted_down']), 0);
        const fromAnswers = as.filter((a) => a.user_id === p.id).reduce((n, a) => n + points(Number(a.vote_count), RANK_DEFAULTS['answer.voted_up'], RANK_DEFAULTS['answer.voted_down']) + (Number(a.accepted) === 2 ? RANK_DEFAULTS['answer.accepted'] : 0), 0);
        const expected = Math.max(1, 1 + fromQuestions + fromAnswers);
        expect(Number(p.rank), p.id).toBe(expected);
        if (expected > 1) moved++;
      }
      expect(moved).toBeGreaterThan(5);
    });

    it('are members like any other: in the admin\'s user list, its search, the mention lookup and the dashboard count', async (ctx) => {
      if (!site) return ctx.skip();
      const admin = await adminToken(site.app);
      const k = site.app.quorum.database!.kysely;
      const someone = await k.selectFrom('users').select(['username', 'display_name']).where('is_placeholder', '=', 1).where('username', '<>', 'community').orderBy('username').executeTakeFirstOrThrow();
      const all = await call(site.app, 'GET', '/answer/admin/api/users/page?page=1&page_size=50', { token: admin });
      expect(all.status).toBe(200);
      expect(all.body.data.count).toBe(11); // the admin and the 10 people of the dump
      const found = await call(site.app, 'GET', `/answer/admin/api/users/page?page=1&page_size=10&query=${encodeURIComponent(someone.username)}`, { token: admin });
      expect(found.body.data.list.map((u: { username: string }) => u.username)).toContain(someone.username);
      const mention = await call(site.app, 'GET', `/answer/api/v1/user/info/search?username=${encodeURIComponent(someone.username.slice(0, 4))}`, { token: admin });
      expect(mention.status).toBe(200);
      expect((mention.body.data as Array<{ username: string }>).map((u) => u.username)).toContain(someone.username);
      const dashboard = await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: admin });
      expect(dashboard.body.data.info.user_count).toBe(11);
    });
  });
}
