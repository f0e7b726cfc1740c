import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { microClear } from '../../core/microcache.js';
import { addViews, countQuestions, listQuestions } from './question.repository.js';
import { API, answer, ask, member, type Member } from './question.testkit.js';

/**
 * A tag's question list reads the order keys copied onto `tag_rel` (migration 042's triggers): after asking,
 * answering, voting, views, editing tags, closing, hiding and showing, deleting and undeleting, every link carries
 * its question's current keys, and GET /question/page?tag= lists in each order what the questions' own columns
 * give, with the same count (the oracle: the same list and count read as those of several tags, which filter the
 * questions table).
 */
const ORDERS = ['newest', 'active', 'score', 'frequent', 'hot', 'unanswered'] as const;

for (const dialect of DIALECTS) {
  describe(`a tag's question list follows every write on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member;
    let bob: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await member(site, 'alice', 2000);
      bob = await member(site, 'bob', 2000);
    });
    afterAll(async () => site?.close());

    /** Links whose copied keys differ from their question's (none when the triggers kept them). */
    const stale = async () => {
      const r = await sql<{ n: number }>`select count(*) as n from tag_rel t join questions q on q.id = t.object_id
        where t.q_pin <> q.pin or t.q_created_at <> q.created_at or t.q_post_updated_at <> q.post_updated_at
          or t.q_vote_count <> q.vote_count or t.q_view_count <> q.view_count or t.q_answer_count <> q.answer_count
          or t.q_listed <> case when q.status in (1, 2) and q.show = 1 then 1 else 0 end`.execute(site!.app.quorum.database!.kysely);
      return Number(r.rows[0]!.n);
    };
    const tagId = async (slug: string) => (await site!.app.quorum.database!.kysely.selectFrom('tags').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;
    /** Every order of the tag's list, through the API and through the oracle. */
    const expectLists = async (slug: string) => {
      expect(await stale()).toBe(0);
      const id = await tagId(slug);
      for (const order of ORDERS) {
        const r = await call(site!.app, 'GET', `${API}/question/page?tag=${slug}&order=${order}&page_size=100`);
        expect(r.status).toBe(200);
        const got = (r.body.data.list as Array<{ id: string }>).map((q) => q.id);
        const oracle = (await listQuestions(site!.app.quorum.database!, { order, tagIds: [id, '0'] }, 0, 100)).map((q) => q.id);
        expect(got, order).toEqual(oracle);
        // The count is read from the links alone (question.repository.ts tagCounted).
        expect(r.body.data.count, order).toBe(await countQuestions(site!.app.quorum.database!, { order, tagIds: [id, '0'] }));
      }
    };
    const listed = async (slug: string) => ((await call(site!.app, 'GET', `${API}/question/page?tag=${slug}&order=newest&page_size=100`)).body.data.list as Array<{ id: string }>).map((q) => q.id);

    it('after asking, answering, voting and views', async (t) => {
      if (!site) return t.skip();
      const q1 = await ask(site, alice.token, 'How long should a lager ferment?');
      const q2 = await ask(site, alice.token, 'Which yeast suits a stout best?');
      const q3 = await ask(site, alice.token, 'Why does my cider taste of sulphur?');
      await expectLists('support');
      expect(await listed('support')).toEqual(expect.arrayContaining([q1, q2, q3]));
      await answer(site, bob.token, q1, 'Two to three weeks at a cool temperature.');
      await answer(site, admin, q1, 'It depends on the yeast and the temperature.');
      await expectLists('support');
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: q2, is_cancel: false } })).status).toBe(200);
      await expectLists('support');
      await addViews(site.app.quorum.database!, new Map([[q3, 7], [q2, 2]]));
      // A view flush leaves anonymous list pages in the micro-cache (their 2 s are the lag a reader sees).
      microClear();
      await expectLists('support');
      const frequent = (await call(site.app, 'GET', `${API}/question/page?tag=support&order=frequent`)).body.data.list as Array<{ id: string }>;
      expect(frequent[0]!.id).toBe(q3);
    });

    it('after editing tags, closing, hiding, showing, deleting and undeleting', async (t) => {
      if (!site) return t.skip();
      const id = await ask(site, alice.token, 'Can I brew with rainwater safely?');
      const edit = await call(site.app, 'PUT', `${API}/question`, {
        token: alice.token,
        body: { id, title: 'Can I brew with rainwater safely?', content: 'Body of the question.', tags: [{ slug_name: 'rainwater', display_name: 'rainwater' }] },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await listed('support')).not.toContain(id);
      expect(await listed('rainwater')).toEqual([id]);
      await expectLists('rainwater');
      await expectLists('support');
      const operate = (operation: string) => call(site!.app, 'PUT', `${API}/question/operation`, { token: admin, body: { id, operation } });
      expect((await operate('hide')).status).toBe(200);
      expect(await listed('rainwater')).toEqual([]);
      await expectLists('rainwater');
      expect((await operate('show')).status).toBe(200);
      expect(await listed('rainwater')).toEqual([id]);
      expect((await call(site.app, 'PUT', `${API}/question/status`, { token: admin, body: { question_id: id, close_type: 1, close_msg: '' } })).status).toBeLessThan(500);
      await expectLists('rainwater');
      expect((await call(site.app, 'DELETE', `${API}/question`, { token: admin, body: { id } })).status).toBe(200);
      expect(await listed('rainwater')).toEqual([]);
      await expectLists('rainwater');
      expect((await call(site.app, 'POST', `${API}/question/recover`, { token: admin, body: { question_id: id } })).status).toBe(200);
      await expectLists('rainwater');
    });
  });
}
