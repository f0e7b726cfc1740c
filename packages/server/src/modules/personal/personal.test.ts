import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, setRank, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`bookmarks, follows, invitations, timelines and profiles on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob: TestUser, carol: TestUser, dave: TestUser;
    let qid = '';
    let aid = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await activeUser(site.app, 'bob', 20);
      carol = await activeUser(site.app, 'carol');
      dave = await activeUser(site.app, 'dave');
      qid = await askQuestion(site.app, admin, 'Where do profiles come from?');
      aid = await answerQuestion(site.app, carol.token, qid, 'From the **users** table.');
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const get = (url: string, token?: string) => call(app(), 'GET', `${V1}${url}`, { token });

    it('bookmarks questions and answers idempotently and keeps the question count', async (t) => {
      if (!site) return t.skip();
      const sw = (token: string, object_id: string, bookmark: boolean) => call(app(), 'POST', `${V1}/collection/switch`, { token, body: { object_id, group_id: '0', bookmark } });
      expect((await sw('', qid, true)).status).toBe(401);
      expect((await sw(bob.token, qid, true)).body.data).toEqual({ object_collection_count: 1 });
      expect((await sw(bob.token, qid, true)).body.data).toEqual({ object_collection_count: 1 });
      expect((await sw(carol.token, qid, true)).body.data).toEqual({ object_collection_count: 2 });
      expect((await sw(carol.token, qid, false)).body.data).toEqual({ object_collection_count: 1 });
      expect((await sw(carol.token, qid, false)).body.data).toEqual({ object_collection_count: 1 });
      expect((await sw(bob.token, aid, true)).body.data).toEqual({ object_collection_count: 1 });
      expect((await sw(bob.token, '10019999999999999', true)).status).toBe(404);
      expect((await call(app(), 'POST', `${V1}/collection/switch`, { token: bob.token, body: { object_id: qid } })).status).toBe(400);
      const info = await get(`/question/info?id=${qid}`, bob.token);
      expect(info.body.data).toMatchObject({ collection_count: 1, collected: true });

      expect((await get('/personal/collection/page')).status).toBe(401);
      const mine = await get('/personal/collection/page', bob.token);
      expect(mine.body.data.count).toBe(2);
      expect(mine.body.data.list.map((b: { object_id: string; object_type: string; id: string }) => [b.object_type, b.object_id, b.id])).toEqual([
        ['answer', aid, qid],
        ['question', qid, qid],
      ]);
      expect((await get('/personal/collection/page?username=carol', bob.token)).status).toBe(403);
      expect((await get('/personal/collection/page?username=bob', bob.token)).status).toBe(200);
    });

    it('follows questions and tags', async (t) => {
      if (!site) return t.skip();
      const fl = (token: string, object_id: string, is_cancel = false) => call(app(), 'POST', `${V1}/follow`, { token, body: { object_id, is_cancel } });
      expect((await fl('', qid)).status).toBe(401);
      expect((await fl(bob.token, qid)).body.data).toEqual({ follows: 1, is_followed: true });
      expect((await fl(bob.token, qid)).body.data).toEqual({ follows: 1, is_followed: true });
      expect((await fl(carol.token, qid)).body.data).toEqual({ follows: 2, is_followed: true });
      expect((await fl(carol.token, qid, true)).body.data).toEqual({ follows: 1, is_followed: false });
      expect((await get(`/question/info?id=${qid}`, bob.token)).body.data).toMatchObject({ follow_count: 1, is_followed: true });
      const tag = await site.app.quorum.database!.kysely.selectFrom('tags').select(['id', 'follow_count']).where('slug_name', '=', 'social').executeTakeFirstOrThrow();
      expect((await fl(dave.token, tag.id)).body.data).toEqual({ follows: tag.follow_count + 1, is_followed: true });
      expect((await fl(dave.token, tag.id, true)).body.data).toEqual({ follows: tag.follow_count, is_followed: false });
      expect((await fl(dave.token, aid)).status).toBe(404);
      expect((await fl(dave.token, '10039999999999999')).status).toBe(404);
    });

    it('invites users to answer with the question.invite privilege and tells them', async (t) => {
      if (!site) return t.skip();
      const put = (token: string, body: Record<string, unknown>) => call(app(), 'PUT', `${V1}/question/invite`, { token, body });
      expect((await put('', { id: qid, invite_user: ['carol'] })).status).toBe(401);
      const low = await put(dave.token, { id: qid, invite_user: ['carol'] });
      expect(low.status).toBe(403);
      expect(low.body.reason).toBe('error.rank.fail_to_meet_the_condition');
      await setRank(app(), dave.id, 600);
      expect((await put(dave.token, { id: qid, invite_user: ['carol', 'BOB', 'nobody', 'dave'] })).status).toBe(200);
      const invited = await get(`/question/invite?id=${qid}`);
      expect(invited.body.data.map((u: { username: string }) => u.username)).toEqual(['carol', 'bob']);
      expect(invited.body.data[0]).toMatchObject({ username: 'carol', display_name: 'carol', status: 'normal' });
      const inbox = await get('/notification/page?type=inbox&inbox_type=invites', carol.token);
      expect(inbox.body.data.list).toHaveLength(1);
      expect(inbox.body.data.list[0]).toMatchObject({ notification_action: 'invited you to answer', user_info: { username: 'dave' }, object_info: { object_id: qid, object_type: 'question', title: 'Where do profiles come from?' } });
      expect((await put(dave.token, { question_id: qid, invite_user: 'bob' })).status).toBe(200);
      expect((await get(`/question/invite?question_id=${qid}`)).body.data.map((u: { username: string }) => u.username)).toEqual(['bob']);
      expect((await get('/notification/page?inbox_type=invites', carol.token)).body.data.count).toBe(1);
      expect((await put(dave.token, { id: '10019999999999999', invite_user: ['bob'] })).status).toBe(404);
      expect((await get('/question/invite')).status).toBe(400);
      const many = await put(dave.token, { id: qid, invite_user: Array.from({ length: 21 }, (_, i) => `user${i}`) });
      expect(many.body.data).toEqual([{ error_field: 'invite_user', error_msg: 'You can invite at most 20 users at once.' }]);
    });

    it('builds timelines from activity and revisions, votes only for staff who ask', async (t) => {
      if (!site) return t.skip();
      const c = await call(app(), 'POST', `${V1}/comment`, { token: dave.token, body: { object_id: aid, original_text: 'Nice and short.' } });
      expect(c.status).toBe(200);
      expect((await call(app(), 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: aid } })).status).toBe(200);
      expect((await get(`/activity/timeline?object_id=${qid}`)).status).toBe(401);
      const q = await get(`/activity/timeline?object_id=${qid}`, bob.token);
      expect(q.status).toBe(200);
      expect(q.body.data.object_info).toMatchObject({ title: 'Where do profiles come from?', object_type: 'question', question_id: qid, username: 'admin' });
      const asked = q.body.data.timeline.find((e: { activity_type: string }) => e.activity_type === 'asked');
      expect(asked).toMatchObject({ object_id: qid, object_type: 'question', cancelled: false, user_info: { username: 'admin' } });

      const a = await get(`/activity/timeline?object_id=${aid}&show_vote=true`, bob.token);
      const types = a.body.data.timeline.map((e: { activity_type: string }) => e.activity_type);
      expect(types).toContain('answered');
      expect(types).toContain('commented');
      expect(types).not.toContain('upvote');
      expect(a.body.data.timeline.find((e: { activity_type: string }) => e.activity_type === 'commented')).toMatchObject({ comment: '<p>Nice and short.</p>\n', user_info: { username: 'dave' }, object_type: 'comment' });
      const staff = await get(`/activity/timeline?object_id=${aid}&show_vote=true`, admin);
      const votes = staff.body.data.timeline.filter((e: { activity_type: string }) => e.activity_type === 'upvote');
      expect(votes).toHaveLength(1);
      expect(votes[0].user_info.username).toBe('bob');
      expect((await get(`/activity/timeline?object_id=${aid}`, admin)).body.data.timeline.some((e: { activity_type: string }) => e.activity_type === 'upvote')).toBe(false);

      const detail = await get(`/activity/timeline/detail?revision_id=${asked.revision_id}`, bob.token);
      expect(detail.status).toBe(200);
      expect(detail.body.data.old_revision).toBeNull();
      expect(detail.body.data.new_revision).toMatchObject({ title: 'Where do profiles come from?', original_text: 'Body of Where do profiles come from?', tags: [{ slug_name: 'social', display_name: 'social' }] });
      expect((await get('/activity/timeline/detail?revision_id=10099999999999999', bob.token)).status).toBe(404);
      expect((await get('/activity/timeline?object_id=10019999999999999', bob.token)).status).toBe(404);
      const tag = await site.app.quorum.database!.kysely.selectFrom('tags').select('id').where('slug_name', '=', 'social').executeTakeFirstOrThrow();
      const tl = await get(`/activity/timeline?object_id=${tag.id}`, bob.token);
      expect(tl.body.data.object_info).toMatchObject({ object_type: 'tag', title: 'social', main_tag_slug_name: 'social' });
    });

    it('shows profiles with the right counts and tabs', async (t) => {
      if (!site) return t.skip();
      const q2 = await askQuestion(app(), admin, 'Second profile question');
      await answerQuestion(app(), carol.token, q2, 'Another answer by carol');
      const info = await get('/personal/user/info?username=Carol');
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ username: 'carol', display_name: 'carol', question_count: 0, answer_count: 2, rank: 11, status: 'normal' });
      expect(info.body.data.e_mail).toBeUndefined();
      expect(info.body.data.info).toBeUndefined();
      expect((await get('/personal/user/info?username=nobody')).status).toBe(404);
      expect((await get('/personal/user/info')).status).toBe(400);
      expect((await get('/personal/user/info?username=admin')).body.data.question_count).toBe(2);

      const top = await get('/personal/qa/top?username=carol');
      expect(top.body.data.question).toEqual([]);
      expect(top.body.data.answer.map((x: { answer_id: string }) => x.answer_id)[0]).toBe(aid);
      expect(top.body.data.answer[0]).toMatchObject({ question_id: qid, vote_count: 1, question_info: { title: 'Where do profiles come from?', url_title: 'where-do-profiles-come-from' } });

      const answers = await get('/personal/answer/page?username=carol&order=newest&page_size=1');
      expect(answers.body.data.count).toBe(2);
      expect(answers.body.data.list[0].question_id).toBe(q2);
      const questions = await get('/personal/question/page?username=admin&order=score');
      expect(questions.body.data.count).toBe(2);
      expect(questions.body.data.list[0]).toMatchObject({ title: expect.any(String), tags: [{ slug_name: 'social' }] });

      const comments = await get('/personal/comment/page?username=dave');
      expect(comments.body.data.count).toBe(1);
      expect(comments.body.data.list[0]).toMatchObject({ object_id: aid, object_type: 'answer', question_id: qid, answer_id: aid, title: 'Where do profiles come from?', content: '<p>Nice and short.</p>\n' });

      const rank = await get('/personal/rank/page?username=carol');
      expect(rank.body.data.count).toBe(1);
      expect(rank.body.data.list[0]).toMatchObject({ rank_type: 'upvote', reputation: 10, object_id: aid, object_type: 'answer', question_id: qid, title: 'Where do profiles come from?' });

      expect((await get('/personal/vote/page')).status).toBe(401);
      const votes = await get('/personal/vote/page', bob.token);
      expect(votes.body.data.list).toEqual([expect.objectContaining({ object_id: aid, object_type: 'answer', question_id: qid, answer_id: aid, vote_type: 'upvote', title: 'Where do profiles come from?' })]);
      expect((await get('/personal/vote/page?username=carol', bob.token)).status).toBe(403);
      expect((await get('/personal/vote/page', carol.token)).body.data).toEqual({ count: 0, list: [] });
    });

    it('ranks users by reputation gained and votes cast, and lists the staff', async (t) => {
      if (!site) return t.skip();
      const r = await get('/user/ranking');
      expect(r.status).toBe(200);
      expect(r.body.data.users_with_the_most_reputation[0]).toMatchObject({ username: 'carol', rank: 11 });
      expect(r.body.data.users_with_the_most_vote).toEqual([expect.objectContaining({ username: 'bob', vote_count: 1 })]);
      expect(r.body.data.staffs.map((u: { username: string }) => u.username)).toEqual(['admin']);
    });
  });
}
