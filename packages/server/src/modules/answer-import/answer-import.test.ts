/**
 * Moving from Apache Answer (issue 16): a generated Answer database (answer-fixture.ts) imported into a fresh
 * Quorum site on each engine (QUORUM_TEST_DB narrows), then checked through HTTP: the question at its old id and
 * permalink, answers and comments, the old password, tag synonyms, counts and vote scores; a second run changes
 * nothing, and a run cut off half way is finished by the next one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DbType } from '@quorum/contract';
import { DIALECTS, call, installedSite, shouldRun } from '../../../test/dialects.js';
import { buildApp } from '../../app.js';
import { dropDatabase, IdGenerator, openDb, type Db, type DbConfig } from '../../core/db/index.js';
import { importAnswer, type AnswerImportSummary } from './index.js';
import { buildAnswerFixture, FIXTURE } from './answer-fixture.js';
import { formatSummary } from './summary.js';

const TABLES = ['users', 'tags', 'questions', 'answers', 'comments', 'tag_rel', 'votes', 'follows', 'activity', 'revisions', 'collections', 'notifications', 'settings', 'search_docs', 'question_links', 'external_logins'] as const;

/** Row counts and a digest of what the import writes, to compare runs. */
async function snapshot(db: Db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const t of TABLES) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(db.kysely).catch(() => ({ rows: [{ n: -1 }] }));
    out[t] = Number(r.rows[0]!.n);
  }
  out.postRows = await db.kysely.selectFrom('questions').select(['id', 'vote_count', 'answer_count', 'updated_at', 'accepted_answer_id']).orderBy('id').execute();
  out.userRows = await db.kysely.selectFrom('users').select(['id', 'username', 'rank', 'question_count', 'answer_count', 'updated_at']).orderBy('id').execute();
  out.settingRows = await db.kysely.selectFrom('settings').select(['name', 'value', 'updated_at']).orderBy('name').execute();
  out.sequences = await db.kysely.selectFrom('id_sequences').selectAll().orderBy('name').execute();
  return out;
}

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const imported = (s: AnswerImportSummary) => Object.fromEntries(Object.entries(s.kinds).map(([k, v]) => [k, v.imported]));

for (const type of DIALECTS) {
  describe(`import answer into ${type}`, () => {
    let run = false;
    let tmp: string;
    let fixture: string;
    let dataDir: string;
    let cfg: DbConfig;
    let app: FastifyInstance | undefined;
    let first: AnswerImportSummary;
    let second: AnswerImportSummary;
    let afterFirst: Record<string, unknown>;
    let afterSecond: Record<string, unknown>;
    const cleanups: Array<() => Promise<void>> = [];

    /** A fresh installed site, closed, so the import runs as the command line would, with the server stopped. */
    async function freshSite(dbType: DbType): Promise<{ dataDir: string; cfg: DbConfig }> {
      const site = await installedSite(dbType);
      await site.app.close();
      cleanups.push(async () => {
        if (dbType !== 'sqlite3') await dropDatabase(site.db);
        rmSync(site.dataDir, { recursive: true, force: true });
      });
      return { dataDir: site.dataDir, cfg: site.db };
    }

    async function withDb<T>(c: DbConfig, dir: string, fn: (db: Db) => Promise<T>): Promise<T> {
      const db = await openDb(c, dir);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    }

    beforeAll(async () => {
      run = await shouldRun(type);
      if (!run) return;
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-answer-src-'));
      fixture = path.join(tmp, 'answer.db');
      FIXTURE.rows = buildAnswerFixture(fixture);
      ({ dataDir, cfg } = await freshSite(type));
      const uploads = path.join(tmp, 'uploads');
      mkdirSync(path.join(uploads, 'post'), { recursive: true });
      writeFileSync(path.join(uploads, 'post', 'closure.png'), PNG);
      await withDb(cfg, dataDir, async (db) => {
        first = await importAnswer(db, new IdGenerator(db), fixture, { uploads, dataDir });
        afterFirst = await snapshot(db);
        second = await importAnswer(db, new IdGenerator(db), fixture);
        afterSecond = await snapshot(db);
      });
      app = await buildApp({ dataDir, rateLimit: false });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      for (const c of cleanups) await c();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('imports every kind and says what it left out and why', () => {
      if (!run) return;
      expect(imported(first)).toMatchObject({ users: 3, tags: 2, questions: 2, answers: 2, comments: 3, tag_links: 2, revisions: 2, votes: 5, follows: 2, bookmarks: 1, notifications: 1, uploads: 1, linked_questions: 1, external_logins: 1 });
      expect(first.kinds.users!.existing).toBe(1); // the Answer admin is the Quorum admin (same e-mail)
      expect(first.kinds.tags!.existing).toBe(1); // `support` exists on a fresh site
      expect(first.kinds.activity!.skipped).toMatchObject({ 'following a person (Quorum follows questions and tags only)': 1, 'activity type missing from the config table': 1 });
      expect(first.kinds.settings!.skipped).toMatchObject({ 'ai: no Quorum setting of this kind': 1 });
      expect(first.kinds.badges!.read).toBe(1);
      expect(first.kinds.linked_questions!.skipped).toEqual({ 'link removed in Answer': 1 });
      expect(first.kinds.report!.skipped).toEqual({ 'flags (reports) are not carried over': 1 });
      const text = formatSummary(first);
      expect(text).toMatch(/questions\s+2\s+2\s+0\s+0/);
      expect(text).toContain('Not carried over:');
    });

    it('a second run changes nothing', () => {
      if (!run) return;
      expect(Object.values(imported(second)).every((n) => n === 0)).toBe(true);
      expect(afterSecond).toEqual(afterFirst);
    });

    it('serves the question at its old id and permalink with its answers and comments', async () => {
      if (!run) return;
      const info = await call(app!, 'GET', `/answer/api/v1/question/info?id=${FIXTURE.q1.id}`);
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ id: FIXTURE.q1.id, title: FIXTURE.q1.title, vote_count: 2, answer_count: 2, accepted_answer_id: FIXTURE.a1 });
      expect(info.body.data.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['javascript']);
      const answers = await call(app!, 'GET', `/answer/api/v1/answer/page?question_id=${FIXTURE.q1.id}&order=default`);
      const byId = new Map(answers.body.data.list.map((a: { id: string; vote_count: number; accepted: number }) => [a.id, a]));
      expect(byId.get(FIXTURE.a1)).toMatchObject({ vote_count: 2, accepted: 2 });
      expect(byId.get(FIXTURE.a2)).toMatchObject({ vote_count: -1 });
      const comments = await call(app!, 'GET', `/answer/api/v1/comment/page?object_id=${FIXTURE.q1.id}&page=1&page_size=10`);
      expect(comments.body.data.count).toBe(2);
      const reply = comments.body.data.list.find((c: { comment_id: string }) => c.comment_id === FIXTURE.c2);
      expect(reply).toMatchObject({ reply_user_id: FIXTURE.carol.id, vote_count: 1 });
      for (const url of [`/questions/${FIXTURE.q1.id}`, `/questions/${FIXTURE.q1.id}/how-do-closures-capture-loop-variables`]) {
        let page = await app!.inject({ method: 'GET', url });
        if (page.statusCode === 301) page = await app!.inject({ method: 'GET', url: String(page.headers.location) });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain(FIXTURE.q1.title);
        expect(page.body).toContain('fresh binding');
      }
    });

    it('keeps reputation, roles, tag synonyms, follows and bookmarks', async () => {
      if (!run) return;
      const alice = await call(app!, 'GET', `/answer/api/v1/personal/user/info?username=alice`);
      expect(alice.body.data).toMatchObject({ id: FIXTURE.alice.id, rank: 31, question_count: 1 });
      const synonyms = await call(app!, 'GET', `/answer/api/v1/tag/synonyms?tag_id=${FIXTURE.tags.javascript}`);
      expect(synonyms.body.data.synonyms.map((t: { slug_name: string }) => t.slug_name)).toEqual(['js']);
      const js = await call(app!, 'GET', `/answer/api/v1/tag?name=js`);
      expect(js.body.data).toMatchObject({ main_tag_slug_name: 'javascript' });
      const db = app!.quorum.database!;
      expect(await db.kysely.selectFrom('users').select('role_id').where('id', '=', FIXTURE.bob.id).executeTakeFirst()).toEqual({ role_id: 3 });
      expect(await db.kysely.selectFrom('follows').select(['user_id', 'object_type']).orderBy('user_id').execute()).toEqual([
        { user_id: FIXTURE.alice.id, object_type: 'tag' },
        { user_id: FIXTURE.carol.id, object_type: 'question' },
      ]);
      expect(await db.kysely.selectFrom('questions').select(['collection_count', 'follow_count']).where('id', '=', FIXTURE.q1.id).executeTakeFirst()).toEqual({ collection_count: 1, follow_count: 1 });
    });

    it('logs the user in with the Answer password and upgrades the hash', async () => {
      if (!run) return;
      const wrong = await call(app!, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: FIXTURE.alice.email, pass: 'not-her-password' } });
      expect(wrong.status).toBe(400);
      const login = await call(app!, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: FIXTURE.alice.email, pass: FIXTURE.alice.password } });
      expect(login.status).toBe(200);
      expect(login.body.data.username).toBe('alice');
      const row = await app!.quorum.database!.kysely.selectFrom('users').select('pass').where('id', '=', FIXTURE.alice.id).executeTakeFirstOrThrow();
      expect(row.pass.startsWith('$argon2id$')).toBe(true);
      const again = await call(app!, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: FIXTURE.alice.email, pass: FIXTURE.alice.password } });
      expect(again.status).toBe(200);
    });

    it('new content after the import takes ids past the imported ones', async () => {
      if (!run) return;
      const reg = await call(app!, 'POST', '/answer/api/v1/user/register/email', { body: { name: 'dave', e_mail: 'dave@example.com', pass: 'password-123' } });
      expect(reg.status).toBe(200);
      expect(Number(reg.body.data.id)).toBeGreaterThan(4);
    });

    it('keeps notifications, revisions, the timeline, search and uploads', async () => {
      if (!run) return;
      const login = await call(app!, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: FIXTURE.alice.email, pass: FIXTURE.alice.password } });
      const token = login.body.data.access_token as string;
      const inbox = await call(app!, 'GET', '/answer/api/v1/notification/page?type=inbox&page=1&page_size=10', { token });
      expect(inbox.body.data.count).toBe(1);
      expect(inbox.body.data.list[0].object_info).toMatchObject({ title: FIXTURE.q1.title, object_id: FIXTURE.a1, object_type: 'answer' });
      const revisions = await call(app!, 'GET', `/answer/api/v1/revisions?object_id=${FIXTURE.q1.id}`);
      expect(revisions.status).toBe(200);
      expect(revisions.body.data.map((r: { title: string }) => r.title)).toEqual([FIXTURE.q1.title]);
      const timeline = await call(app!, 'GET', `/answer/api/v1/activity/timeline?object_id=${FIXTURE.q1.id}&show_vote=true`, { token });
      const kinds = timeline.body.data.timeline.map((t: { activity_type: string }) => t.activity_type);
      expect(kinds).toContain('asked');
      const search = await call(app!, 'GET', '/answer/api/v1/search?q=closures&page=1&size=10');
      expect(search.body.data.list.map((r: { object: { id: string } }) => r.object.id)).toContain(FIXTURE.q1.id);
      const file = await app!.inject({ method: 'GET', url: '/uploads/post/closure.png' });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    });

    it('gives a user whose id is another account here a new id and a free username', async () => {
      if (!run) return;
      const site = await freshSite(type);
      await withDb(site.cfg, site.dataDir, async (db) => {
        // This site's administrator (id 1) is not the Answer administrator (id 1, another e-mail).
        await db.kysely.updateTable('users').set({ e_mail: 'someone-else@example.com' }).where('id', '=', '1').execute();
        const s = await importAnswer(db, new IdGenerator(db), fixture);
        expect(s.kinds.users).toMatchObject({ read: 4, imported: 4, existing: 0 });
        const moved = await db.kysely.selectFrom('users').select(['id', 'username', 'role_id']).where('e_mail', '=', FIXTURE.admin.email).executeTakeFirstOrThrow();
        expect(Number(moved.id)).toBeGreaterThan(4);
        expect(moved).toMatchObject({ username: `admin-${moved.id}`, role_id: 2 });
        expect(s.notes.join('\n')).toContain(`id 1 is another account here, imported as ${moved.id}`);
        const tag = await db.kysely.selectFrom('tags').select('user_id').where('id', '=', FIXTURE.tags.javascript).executeTakeFirstOrThrow();
        expect(tag.user_id).toBe(moved.id);
        const again = await importAnswer(db, new IdGenerator(db), fixture);
        expect(again.kinds.users).toMatchObject({ imported: 0, existing: 4 });
      });
    }, 120_000);

    it('a run cut off half way is finished by the next run', async () => {
      if (!run) return;
      const site = await freshSite(type);
      let seen = 0;
      await withDb(site.cfg, site.dataDir, async (db) => {
        const stop = new Error('cut off');
        const onProgress = (done: number) => {
          seen = done;
          if (done >= Math.floor(FIXTURE.rows / 2)) throw stop;
        };
        await expect(importAnswer(db, new IdGenerator(db), fixture, { batchSize: 2, onProgress })).rejects.toBe(stop);
        const partial = await snapshot(db);
        expect(partial.questions).toBeGreaterThan(0);
        expect(partial.activity as number).toBeLessThan(afterFirst.activity as number);
        expect(partial.notifications).toBe(0);
        const resumed = await importAnswer(db, new IdGenerator(db), fixture, { batchSize: 2 });
        expect(resumed.kinds.users!.existing).toBe(4);
        const done = await snapshot(db);
        for (const t of TABLES) expect(done[t], t).toBe(afterFirst[t]);
        expect(done.postRows).toEqual(afterFirst.postRows);
      });
      expect(seen).toBeGreaterThan(0);
    }, 120_000);
  });
}
