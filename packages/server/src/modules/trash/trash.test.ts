/**
 * Emptying the trash (Answer 2.0's DELETE /admin/api/delete/permanently): each type removes its deleted rows and
 * what hangs off them (answers, comments, votes, follows, revisions, timeline, tag links, search documents) and
 * nothing else, answers the count, writes an audit entry, and is refused to members and anonymous callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';
const ADM = '/answer/admin/api';
const PURGE = `${ADM}/delete/permanently`;

for (const dialect of DIALECTS) {
  describe(`emptying the trash on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: TestUser, bob: TestUser, carol: TestUser;
    let gone = '', goneAnswer = '', kept = '', deletedAnswer = '', carolAnswer = '', carolQuestion = '';
    const comments: string[] = [];

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob');
      carol = await activeUser(site.app, 'carol');
      kept = await askQuestion(site.app, admin, 'What yeast suits a dry cider?', 'cider');
      gone = await askQuestion(site.app, alice.token, 'Should I rack my cider twice?', 'cider');
      goneAnswer = await answerQuestion(site.app, bob.token, gone, 'Once is enough for most ciders.');
      deletedAnswer = await answerQuestion(site.app, bob.token, kept, 'Champagne yeast ferments it bone dry.');
      carolAnswer = await answerQuestion(site.app, carol.token, kept, 'A wine yeast such as EC-1118 works well.');
      carolQuestion = await askQuestion(site.app, carol.token, 'Can I back-sweeten a cider safely?', 'cider');
      for (const object_id of [gone, goneAnswer, deletedAnswer]) {
        const c = await call(site.app, 'POST', `${V1}/comment`, { token: alice.token, body: { object_id, original_text: 'Thanks, that is useful to know.' } });
        expect(c.status, JSON.stringify(c.body)).toBe(200);
        comments.push(c.body.data.comment_id ?? c.body.data.id);
        const v = await call(site.app, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id } });
        expect(v.status, JSON.stringify(v.body)).toBe(200);
      }
      await call(site.app, 'POST', `${V1}/follow`, { token: alice.token, body: { object_id: gone } });
      const del = [
        await call(site.app, 'PUT', `${ADM}/question/status`, { token: admin, body: { question_id: gone, status: 'deleted' } }),
        await call(site.app, 'PUT', `${ADM}/answer/status`, { token: admin, body: { answer_id: deletedAnswer, status: 'deleted' } }),
        await call(site.app, 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: carol.id, status: 'deleted' } }),
      ];
      expect(del.map((r) => r.status), JSON.stringify(del.map((r) => r.body))).toEqual([200, 200, 200]);
    });
    afterAll(async () => site?.close());
    const db = () => site!.app.quorum.database!.kysely;
    const countWhere = async (table: 'votes' | 'activity' | 'revisions' | 'follows' | 'tag_rel' | 'comments', column: string, ids: string[]) => {
      const loose = db() as unknown as import('kysely').Kysely<Record<string, Record<string, string>>>;
      const r = await loose.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, 'in', ids).executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const purge = (type: unknown, token = admin) => call(site!.app, 'DELETE', PURGE, { token, body: { type } });

    it('refuses members, anonymous callers and an unknown type, and removes nothing then', async (t) => {
      if (!site) return t.skip();
      expect((await purge('questions', alice.token)).status).toBe(403);
      expect((await call(site.app, 'DELETE', PURGE, { body: { type: 'questions' } })).status).toBe(401);
      const bad = await purge('tags');
      expect([bad.status, bad.body.data]).toEqual([400, [{ error_field: 'type', error_msg: 'is invalid' }]]);
      expect((await purge(undefined)).status).toBe(400);
      expect(await db().selectFrom('questions').select('id').where('id', '=', gone).executeTakeFirst()).toBeDefined();
    });

    it('removes the deleted questions with their answers, comments, votes, follows, revisions, timeline and tag links', async (t) => {
      if (!site) return t.skip();
      const objects = [gone, goneAnswer, comments[0]!, comments[1]!];
      expect(await countWhere('votes', 'object_id', objects)).toBeGreaterThan(0);
      expect(await countWhere('revisions', 'object_id', objects)).toBeGreaterThan(0);
      const r = await purge('questions');
      expect([r.status, r.body.data]).toEqual([200, { type: 'questions', count: 1 }]);
      expect(await db().selectFrom('questions').select('id').where('id', '=', gone).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('answers').select('id').where('id', '=', goneAnswer).executeTakeFirst()).toBeUndefined();
      for (const table of ['votes', 'activity', 'revisions', 'follows', 'tag_rel'] as const) expect(await countWhere(table, 'object_id', objects), table).toBe(0);
      expect(await countWhere('comments', 'id', comments.slice(0, 2))).toBe(0);
      // The question that was not deleted keeps everything.
      expect((await call(site.app, 'GET', `${V1}/question/info?id=${kept}`)).status).toBe(200);
      expect(await countWhere('votes', 'object_id', [deletedAnswer])).toBe(1);
      expect((await call(site.app, 'GET', `${V1}/search?q=${encodeURIComponent('rack my cider')}&page=1&size=20`)).body.data.list).toEqual([]);
      expect((await purge('questions')).body.data).toEqual({ type: 'questions', count: 0 });
    });

    it('removes the deleted answers with their comments and votes, and keeps their question and its other answers', async (t) => {
      if (!site) return t.skip();
      const r = await purge('answers');
      expect([r.status, r.body.data]).toEqual([200, { type: 'answers', count: 1 }]);
      expect(await db().selectFrom('answers').select('id').where('id', '=', deletedAnswer).executeTakeFirst()).toBeUndefined();
      expect(await countWhere('votes', 'object_id', [deletedAnswer, comments[2]!])).toBe(0);
      expect(await countWhere('comments', 'id', [comments[2]!])).toBe(0);
      const page = (await call(site.app, 'GET', `${V1}/answer/page?question_id=${kept}&page=1&page_size=20`)).body.data;
      expect(page.list.map((a: { id: string }) => a.id)).toEqual([carolAnswer]);
    });

    it('removes the deleted users\' accounts; their posts stay and still show', async (t) => {
      if (!site) return t.skip();
      const r = await purge('users');
      expect([r.status, r.body.data]).toEqual([200, { type: 'users', count: 1 }]);
      expect(await db().selectFrom('users').select('id').where('id', '=', carol.id).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('user_sessions').select('user_id').where('user_id', '=', carol.id).executeTakeFirst()).toBeUndefined();
      expect((await call(site.app, 'GET', `${V1}/question/info?id=${kept}`)).status).toBe(200);
      const asked = await call(site.app, 'GET', `${V1}/question/info?id=${carolQuestion}`);
      expect(asked.status, JSON.stringify(asked.body).slice(0, 300)).toBe(200);
      const list = await call(site.app, 'GET', `${V1}/question/page?page=1&page_size=20&order=newest`);
      expect(list.body.data.list.map((q: { id: string }) => q.id)).toContain(carolQuestion);
      const page = await call(site.app, 'GET', `${V1}/answer/page?question_id=${kept}&page=1&page_size=20`);
      expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(200);
      expect(page.body.data.list.map((a: { id: string }) => a.id)).toEqual([carolAnswer]);
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token: carol.token })).body.data?.id).toBeUndefined();
    });

    it('writes one audit entry per emptied type, with the count', async (t) => {
      if (!site) return t.skip();
      const dash = (await call(site.app, 'GET', `${ADM}/dashboard`, { token: admin })).body.data.info;
      const entries = (dash.recent_actions as { action: string; target_type: string; target_id: string; changes: unknown }[]).filter((a) => a.action === 'trash.empty');
      expect(entries.map((e) => [e.target_type, e.target_id, e.changes]).sort()).toEqual([
        ['answer', 'answers', { removed: 1 }],
        ['question', 'questions', { removed: 1 }],
        ['user', 'users', { removed: 1 }],
      ]);
    });
  });
}
