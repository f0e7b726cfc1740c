import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { nowSeconds } from '../../core/context.js';
import { API, activityOf, answer, ask, makeModerator, member, rankOf, setRank, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`accepting, deleting and undeleting answers on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member, bob: Member, carol: Member, dave: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [alice, bob, carol, dave] = [await member(site, 'alice'), await member(site, 'bob'), await member(site, 'carol'), await member(site, 'dave')];
      await makeModerator(site, dave.id);
    });
    afterAll(async () => site?.close());
    const accept = (token: string | undefined, question_id: string, answer_id: string) => call(site!.app, 'POST', `${API}/answer/acceptance`, { token, body: { question_id, answer_id } });
    const reset = async () => {
      for (const u of [alice, bob, carol, dave]) await setRank(site!, u.id, 1);
    };

    it('accept: +15 to the answerer, +2 to the asker; switching and un-accepting undo exactly', async (t) => {
      if (!site) return t.skip();
      await reset();
      const qid = await ask(site, alice.token);
      const a1 = await answer(site, bob.token, qid);
      const a2 = await answer(site, carol.token, qid);
      expect((await accept(undefined, qid, a1)).status).toBe(401);
      const other = await accept(carol.token, qid, a1);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ reason: 'error.object.no_permission', msg: 'You do not have permission to do this.' });
      expect((await accept(alice.token, qid, '10029999999999999')).status).toBe(404);
      expect((await call(site.app, 'POST', `${API}/answer/acceptance`, { token: alice.token, body: {} })).status).toBe(400);

      expect((await accept(alice.token, qid, a1)).status).toBe(200);
      expect([await rankOf(site, bob.id), await rankOf(site, alice.id)]).toEqual([16, 3]);
      const info = await call(site.app, 'GET', `${API}/question/info?id=${qid}`);
      expect(info.body.data.accepted_answer_id).toBe(a1);
      const page = await call(site.app, 'GET', `${API}/answer/page?question_id=${qid}`);
      expect(page.body.data.list[0]).toMatchObject({ id: a1, accepted: 2 });
      await accept(alice.token, qid, a1);
      expect([await rankOf(site, bob.id), await rankOf(site, alice.id)]).toEqual([16, 3]);

      await accept(alice.token, qid, a2);
      expect([await rankOf(site, bob.id), await rankOf(site, carol.id), await rankOf(site, alice.id)]).toEqual([1, 16, 3]);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a1}`)).body.data.info.accepted).toBe(1);

      await accept(alice.token, qid, '0');
      expect([await rankOf(site, carol.id), await rankOf(site, alice.id)]).toEqual([1, 1]);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data.accepted_answer_id).toBe('0');
      const rows = await activityOf(site, a2);
      expect(rows.filter((r) => r.activity_type === 'accept')).toEqual([
        expect.objectContaining({ user_id: carol.id, rank: 15, cancelled: 1, trigger_user_id: alice.id, rank_key: 'answer.accepted' }),
        expect.objectContaining({ user_id: alice.id, rank: 2, cancelled: 1, trigger_user_id: '', rank_key: 'answer.accept' }),
      ]);
      await accept(alice.token, qid, a1);
      await accept(alice.token, qid, '');
      expect([await rankOf(site, bob.id), await rankOf(site, alice.id)]).toEqual([1, 1]);
    });

    it('accepting your own answer gives nobody reputation', async (t) => {
      if (!site) return t.skip();
      await reset();
      const qid = await ask(site, alice.token);
      const own = await answer(site, alice.token, qid);
      expect((await accept(alice.token, qid, own)).status).toBe(200);
      expect(await rankOf(site, alice.id)).toBe(1);
      expect((await activityOf(site, own)).filter((r) => r.activity_type === 'accept')).toEqual([expect.objectContaining({ user_id: alice.id, rank: 0, has_rank: 0 })]);
    });

    it('the accepted-answer bonus is not under the daily cap; the asker bonus is', async (t) => {
      if (!site) return t.skip();
      await reset();
      const qid = await ask(site, alice.token);
      const a = await answer(site, bob.token, qid);
      const db = site.app.quorum.database!.kysely;
      const now = nowSeconds();
      for (const u of [bob, alice]) {
        const id = await site.app.quorum.ids!.next('activity');
        await db.insertInto('activity').values({ id, user_id: u.id, object_id: qid, original_object_id: qid, activity_type: 'upvote', rank: 200, has_rank: 1, rank_key: 'question.voted_up', created_at: now, updated_at: now }).execute();
      }
      await accept(alice.token, qid, a);
      expect(await rankOf(site, bob.id)).toBe(16);
      expect(await rankOf(site, alice.id)).toBe(1);
      await accept(alice.token, qid, '0');
      expect(await rankOf(site, bob.id)).toBe(1);
    });

    it('a moderator may accept on any question; the asker still gets +2', async (t) => {
      if (!site) return t.skip();
      await reset();
      const erin = await member(site, 'erin');
      const qid = await ask(site, erin.token);
      const a = await answer(site, carol.token, qid);
      expect((await accept(dave.token, qid, a)).status).toBe(200);
      expect([await rankOf(site, carol.id), await rankOf(site, erin.id), await rankOf(site, dave.id)]).toEqual([16, 3, 1]);
      const rows = (await activityOf(site, a)).filter((r) => r.activity_type === 'accept');
      expect(rows.map((r) => [r.user_id, r.trigger_user_id, r.rank])).toEqual([[dave.id, '', 0], [carol.id, dave.id, 15], [erin.id, dave.id, 2]]);
    });

    it('delete: the author unless accepted, moderators always (taking the acceptance back); undelete: moderators', async (t) => {
      if (!site) return t.skip();
      await reset();
      const qid = await ask(site, alice.token);
      const a1 = await answer(site, bob.token, qid);
      const a2 = await answer(site, carol.token, qid);
      await accept(alice.token, qid, a1);
      const del = (token: string, id: string) => call(site!.app, 'DELETE', `${API}/answer`, { token, body: { id } });
      const refused = await del(bob.token, a1);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ reason: 'error.answer.cannot_delete_accepted', msg: 'An accepted answer cannot be deleted.', data: { err_type: 'toast' } });
      expect((await del(bob.token, a2)).status).toBe(403);
      expect((await del(carol.token, a2)).status).toBe(200);
      expect((await del(carol.token, a2)).status).toBe(200);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data.answer_count).toBe(1);
      expect((await call(site.app, 'GET', `${API}/answer/page?question_id=${qid}`, { token: carol.token })).body.data.count).toBe(1);
      const modView = await call(site.app, 'GET', `${API}/answer/page?question_id=${qid}`, { token: dave.token });
      expect(modView.body.data.list.find((x: { id: string }) => x.id === a2)).toMatchObject({ status: 10, member_actions: expect.arrayContaining([expect.objectContaining({ action: 'undelete' })]) });
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a2}`)).status).toBe(404);
      expect((await call(site.app, 'POST', `${API}/answer/recover`, { token: carol.token, body: { answer_id: a2 } })).status).toBe(403);
      expect((await call(site.app, 'POST', `${API}/answer/recover`, { token: dave.token, body: { answer_id: a2 } })).status).toBe(200);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data.answer_count).toBe(2);

      expect(await rankOf(site, bob.id)).toBe(16);
      expect((await del(admin, a1)).status).toBe(200);
      expect(await rankOf(site, bob.id)).toBe(1);
      expect(await rankOf(site, alice.id)).toBe(1);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data).toMatchObject({ accepted_answer_id: '0', answer_count: 1 });
      const types = (await activityOf(site, a2)).map((r) => r.activity_type);
      expect(types).toEqual(['answered', 'deleted', 'undeleted']);
    });

    it('answer menu actions follow the viewer', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token);
      const a = await answer(site, bob.token, qid);
      const actions = async (token?: string) => ((await call(site!.app, 'GET', `${API}/answer/info?id=${a}`, { token })).body.data.info.member_actions as { action: string }[]).map((x) => x.action);
      expect(await actions()).toEqual([]);
      expect(await actions(bob.token)).toEqual(['report', 'edit', 'delete']);
      await setRank(site, carol.id, 1);
      expect(await actions(carol.token)).toEqual(['report']);
      await setRank(site, carol.id, 100);
      expect(await actions(carol.token)).toEqual(['report', 'edit']);
      expect(await actions(dave.token)).toEqual(['report', 'edit', 'delete']);
    });
  });
}
