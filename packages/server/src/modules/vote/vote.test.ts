import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { nowSeconds } from '../../core/context.js';
import { API, activityOf, answer, ask, makeModerator, member, rankOf, setRank, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`votes and reputation on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member, bob: Member, carol: Member, dave: Member;
    let qid = '';
    let aid = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [alice, bob, carol, dave] = [await member(site, 'alice'), await member(site, 'bob'), await member(site, 'carol'), await member(site, 'dave')];
      qid = await ask(site, alice.token);
      aid = await answer(site, alice.token, qid);
    });
    afterAll(async () => site?.close());
    const up = (token: string | undefined, object_id: string, is_cancel = false) => call(site!.app, 'POST', `${API}/vote/up`, { token, body: { object_id, is_cancel } });
    const down = (token: string | undefined, object_id: string, is_cancel = false) => call(site!.app, 'POST', `${API}/vote/down`, { token, body: { object_id, is_cancel } });

    it('refuses anonymous votes, own posts, low reputation, unknown objects and bad bodies', async (t) => {
      if (!site) return t.skip();
      expect((await up(undefined, qid)).status).toBe(401);
      const own = await up(alice.token, qid);
      expect(own.status).toBe(400);
      expect(own.body).toMatchObject({ reason: 'error.object.cannot_vote_for_yourself', msg: "You can't vote for your own post.", data: { err_type: 'toast' } });
      const low = await up(bob.token, qid);
      expect(low.status).toBe(403);
      expect(low.body).toMatchObject({ reason: 'error.rank.fail_to_meet_the_condition', data: { required_rank: 8 } });
      expect((await down(bob.token, aid)).body.data).toEqual({ required_rank: 125, rank: 1 });
      expect((await up(bob.token, '10019999999999999')).status).toBe(404);
      expect((await up(bob.token, 'nonsense')).status).toBe(404);
      const bad = await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: {} });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([{ error_field: 'object_id', error_msg: 'cannot be empty' }]);
      expect(await rankOf(site, alice.id)).toBe(1);
    });

    it('upvote gives +10, voting twice counts once, cancelling takes exactly that back', async (t) => {
      if (!site) return t.skip();
      await setRank(site, bob.id, 8);
      const r = await up(bob.token, qid);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
      expect(await rankOf(site, alice.id)).toBe(11);
      expect((await up(bob.token, qid)).body.data.votes).toBe(1);
      expect(await rankOf(site, alice.id)).toBe(11);
      const info = await call(site.app, 'GET', `${API}/question/info?id=${qid}`, { token: bob.token });
      expect(info.body.data).toMatchObject({ vote_count: 1, vote_status: 'vote_up' });
      const cancel = await up(bob.token, qid, true);
      expect(cancel.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
      expect(await rankOf(site, alice.id)).toBe(1);
      const rows = await activityOf(site, qid);
      expect(rows.filter((a) => a.activity_type === 'upvote')).toEqual([
        expect.objectContaining({ user_id: bob.id, rank: 0, cancelled: 1, trigger_user_id: '' }),
        expect.objectContaining({ user_id: alice.id, rank: 10, has_rank: 1, cancelled: 1, trigger_user_id: bob.id, rank_key: 'question.voted_up' }),
      ]);
    });

    it('downvoting an answer costs the author 2 and the voter 1, never below 1, and undoes exactly', async (t) => {
      if (!site) return t.skip();
      await setRank(site, bob.id, 125);
      const r = await down(bob.token, aid);
      expect(r.body.data).toEqual({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
      expect(await rankOf(site, alice.id)).toBe(1); // floor: the -2 applied as 0
      expect(await rankOf(site, bob.id)).toBe(124);
      await down(bob.token, aid, true);
      expect(await rankOf(site, alice.id)).toBe(1);
      expect(await rankOf(site, bob.id)).toBe(125);

      await setRank(site, alice.id, 3);
      await down(bob.token, aid);
      expect(await rankOf(site, alice.id)).toBe(1); // 3 - 2 = 1
      await setRank(site, alice.id, 2);
      await down(bob.token, aid, true); // gives back the 2 that was applied
      expect(await rankOf(site, alice.id)).toBe(4);
    });

    it('switches direction: the old vote is undone before the new one counts', async (t) => {
      if (!site) return t.skip();
      await setRank(site, alice.id, 50);
      await setRank(site, bob.id, 200);
      await up(bob.token, aid);
      expect(await rankOf(site, alice.id)).toBe(60);
      const r = await down(bob.token, aid);
      expect(r.body.data).toEqual({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
      expect(await rankOf(site, alice.id)).toBe(48);
      expect(await rankOf(site, bob.id)).toBe(199);
      const back = await up(bob.token, aid);
      expect(back.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
      expect(await rankOf(site, alice.id)).toBe(60);
      expect(await rankOf(site, bob.id)).toBe(200);
      await up(bob.token, aid, true);
      expect(await rankOf(site, alice.id)).toBe(50);
      const answers = await call(site.app, 'GET', `${API}/answer/page?question_id=${qid}`, { token: bob.token });
      expect(answers.body.data.list[0]).toMatchObject({ id: aid, vote_count: 0, vote_status: '' });
    });

    it('caps gains at 200 a UTC day and stores the capped delta so cancelling is exact', async (t) => {
      if (!site) return t.skip();
      await setRank(site, alice.id, 300);
      await setRank(site, carol.id, 10);
      const db = site.app.quorum.database!.kysely;
      const id = await site.app.quorum.ids!.next('activity');
      const now = nowSeconds();
      // 195 already gained today by alice (through earlier votes elsewhere).
      await db.insertInto('activity').values({ id, user_id: alice.id, object_id: qid, original_object_id: qid, activity_type: 'upvote', rank: 195, has_rank: 1, rank_key: 'question.voted_up', trigger_user_id: dave.id, created_at: now, updated_at: now }).execute();
      await up(bob.token, qid);
      expect(await rankOf(site, alice.id)).toBe(305);
      await up(carol.token, qid);
      expect(await rankOf(site, alice.id)).toBe(305);
      const rows = (await activityOf(site, qid)).filter((a) => a.user_id === alice.id && a.cancelled === 0 && a.has_rank === 1);
      expect(rows.map((a) => a.rank)).toEqual([195, 5, 0]);
      await up(bob.token, qid, true);
      expect(await rankOf(site, alice.id)).toBe(300);
      await up(carol.token, qid, true);
      expect(await rankOf(site, alice.id)).toBe(300);
    });

    it('lets a moderator vote whatever their reputation', async (t) => {
      if (!site) return t.skip();
      await makeModerator(site, dave.id);
      await setRank(site, dave.id, 1);
      expect((await down(dave.token, qid)).status).toBe(200);
      expect((await down(dave.token, qid, true)).status).toBe(200);
      expect((await up(admin, qid)).body.data.vote_status).toBe('vote_up');
      await up(admin, qid, true);
    });

    it('upvotes comments (count only, no reputation); comments cannot be voted down', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      const cid = await site.app.quorum.ids!.next('comment');
      await db.insertInto('comments').values({ id: cid, user_id: alice.id, object_id: qid, question_id: qid, original_text: 'nice', parsed_text: '<p>nice</p>', created_at: 1, updated_at: 1 }).execute();
      const before = await rankOf(site, alice.id);
      await setRank(site, carol.id, 1);
      const r = await up(carol.token, cid);
      expect(r.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
      expect((await db.selectFrom('comments').select('vote_count').where('id', '=', cid).executeTakeFirstOrThrow()).vote_count).toBe(1);
      expect(await rankOf(site, alice.id)).toBe(before);
      const d = await down(carol.token, cid);
      expect(d.status).toBe(400);
      expect(d.body.reason).toBe('error.vote.comment_down_not_allowed');
      await up(carol.token, cid, true);
      expect((await db.selectFrom('comments').select('vote_count').where('id', '=', cid).executeTakeFirstOrThrow()).vote_count).toBe(0);
    });

    it('does not take votes on deleted posts', async (t) => {
      if (!site) return t.skip();
      const q2 = await ask(site, carol.token, 'A question to delete');
      expect((await call(site.app, 'DELETE', `${API}/question`, { token: carol.token, body: { id: q2 } })).status).toBe(200);
      expect((await up(bob.token, q2)).status).toBe(404);
    });
  });
}
