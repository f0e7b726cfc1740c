import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, activityOf, answer, ask, member, rankOf, setRank, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`edits, suggested edits and their review on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member, bob: Member, carol: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [alice, bob, carol] = [await member(site, 'alice'), await member(site, 'bob'), await member(site, 'carol', 1000)];
    });
    afterAll(async () => site?.close());
    const edit = (token: string | undefined, body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/question`, { token, body });
    const check = (token: string, id: string) => call(site!.app, 'GET', `${API}/revisions/edit/check?id=${id}`, { token });
    const info = async (id: string) => (await call(site!.app, 'GET', `${API}/question/info?id=${id}`)).body.data;
    const tags = [{ slug_name: 'support' }];

    it('the owner edits at once; each edit is a revision with its summary; validation messages', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token, 'Original title here', 'Original body.');
      expect((await edit(undefined, { id: qid, title: 'x', content: 'y', tags })).status).toBe(401);
      const empty = await edit(alice.token, { id: qid, title: '', content: 'Body', tags });
      expect(empty.body.data).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
      const long = await edit(alice.token, { id: qid, title: 'Fine title', content: 'Body', tags, edit_summary: 'x'.repeat(301) });
      expect(long.body.data).toEqual([{ error_field: 'edit_summary', error_msg: 'Edit summary cannot be longer than 300 characters.' }]);
      expect((await edit(alice.token, { id: '10019999999999999', title: 'Fine title', content: 'Body', tags })).status).toBe(404);

      const r = await edit(alice.token, { id: qid, title: 'Edited title here', content: 'Edited **body**.', tags, edit_summary: 'clarified' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: qid, title: 'Edited title here', html: '<p>Edited <strong>body</strong>.</p>\n', wait_for_review: false });
      const history = await call(site.app, 'GET', `${API}/revisions?object_id=${qid}`);
      expect(history.body.data).toHaveLength(2);
      expect(history.body.data[0]).toMatchObject({ status: 2, reason: 'clarified', title: 'Edited title here', user_info: { username: 'alice' }, content: { title: 'Edited title here', html: '<p>Edited <strong>body</strong>.</p>\n' } });
      expect(history.body.data[1].content.tags).toEqual([{ slug_name: 'support' }]);
      expect((await activityOf(site, qid)).map((a) => a.activity_type)).toEqual(['asked', 'edited']);

      // Back to the first version: a rollback.
      await edit(alice.token, { id: qid, title: 'Original title here', content: 'Original body.', tags });
      expect((await activityOf(site, qid)).map((a) => a.activity_type)).toEqual(['asked', 'edited', 'rollback']);
    });

    it('others: refused below question.edit, queued for review below edit-without-review, applied above', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token, 'Question for suggested edits', 'Some body text.');
      await setRank(site, bob.id, 1);
      const low = await edit(bob.token, { id: qid, title: 'Better title from bob', content: 'Some body text.', tags });
      expect(low.status).toBe(403);
      expect(low.body.reason).toBe('error.rank.fail_to_meet_the_condition');
      const lowCheck = await check(bob.token, qid);
      expect(lowCheck.status).toBe(400);
      expect(lowCheck.body.reason).toBe('error.rank.fail_to_meet_the_condition');

      await setRank(site, bob.id, 100);
      expect((await check(bob.token, qid)).body.data).toBe(true);
      const queued = await edit(bob.token, { id: qid, title: 'Better title from bob', content: 'Some body text, improved.', tags, edit_summary: 'typo' });
      expect(queued.status).toBe(200);
      expect(queued.body.data).toEqual({ url_title: 'question-for-suggested-edits', wait_for_review: true });
      expect((await info(qid)).title).toBe('Question for suggested edits');
      expect((await call(site.app, 'GET', `${API}/revisions?object_id=${qid}`)).body.data).toHaveLength(1);
      expect((await call(site.app, 'GET', `${API}/revisions?object_id=${qid}`, { token: bob.token })).body.data[0]).toMatchObject({ status: 1, title: 'Better title from bob' });

      const underway = await check(alice.token, qid);
      expect(underway.status).toBe(400);
      expect(underway.body).toMatchObject({ reason: 'error.revision.review_underway', msg: 'This post cannot be edited right now: an edit of it is waiting for review.' });
      expect((await edit(alice.token, { id: qid, title: 'Owner title', content: 'Some body text.', tags })).status).toBe(400);

      expect((await call(site.app, 'GET', `${API}/reviewing/type`, { token: bob.token })).body.data).toEqual([]);
      const types = await call(site.app, 'GET', `${API}/reviewing/type`, { token: carol.token });
      expect(types.body.data).toEqual([{ name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 1 }]);
      const queue = await call(site.app, 'GET', `${API}/revisions/unreviewed?page=1`, { token: carol.token });
      expect(queue.body.data.count).toBe(1);
      expect(queue.body.data.list[0]).toMatchObject({ type: 'question', info: { title: 'Question for suggested edits', object_creator_user_id: alice.id }, unreviewed_info: { title: 'Better title from bob', reason: 'typo', user_info: { username: 'bob' } } });
      const revId = queue.body.data.list[0].unreviewed_info.id as string;

      const audit = (token: string, operation: string) => call(site!.app, 'PUT', `${API}/revisions/audit`, { token, body: { id: revId, operation } });
      expect((await audit(bob.token, 'approve')).status).toBe(403);
      expect((await audit(carol.token, 'maybe')).status).toBe(400);
      expect((await audit(carol.token, 'approve')).status).toBe(200);
      expect((await info(qid)).title).toBe('Better title from bob');
      expect(await rankOf(site, bob.id)).toBe(102);
      expect((await activityOf(site, qid)).find((a) => a.activity_type === 'edited')).toMatchObject({ user_id: bob.id, rank: 2, has_rank: 1, rank_key: 'edit.accepted' });
      const again = await audit(carol.token, 'reject');
      expect(again.status).toBe(400);
      expect(again.body.reason).toBe('error.revision.already_reviewed');

      await setRank(site, bob.id, 1000);
      const direct = await edit(bob.token, { id: qid, title: 'Direct title from bob', content: 'Some body text.', tags });
      expect(direct.body.data).toMatchObject({ title: 'Direct title from bob', wait_for_review: false });
    });

    it('suggested answer edits can be rejected; owners edit answers at once', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token);
      const aid = await answer(site, alice.token, qid, 'The first answer body.');
      await setRank(site, bob.id, 100);
      const queued = await call(site.app, 'PUT', `${API}/answer`, { token: bob.token, body: { id: aid, question_id: qid, content: 'A suggested answer body.' } });
      expect(queued.body.data).toEqual({ wait_for_review: true });
      const queue = await call(site.app, 'GET', `${API}/revisions/unreviewed?page=1`, { token: admin });
      const item = queue.body.data.list.find((x: { type: string }) => x.type === 'answer');
      expect(item).toMatchObject({ info: { answer_id: aid, content: 'The first answer body.' }, unreviewed_info: { content: { content: 'A suggested answer body.' } } });
      expect((await call(site.app, 'PUT', `${API}/revisions/audit`, { token: admin, body: { id: item.unreviewed_info.id, operation: 'reject' } })).status).toBe(200);
      expect(await rankOf(site, bob.id)).toBe(100);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${aid}`)).body.data.info.content).toBe('The first answer body.');
      const short = await call(site.app, 'PUT', `${API}/answer`, { token: alice.token, body: { id: aid, content: 'tiny' } });
      expect(short.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer must be at least 6 characters.' }]);
      const own = await call(site.app, 'PUT', `${API}/answer`, { token: alice.token, body: { id: aid, question_id: qid, content: 'An edited answer body.' } });
      expect(own.body.data).toMatchObject({ info: { id: aid, content: 'An edited answer body.' }, question: { id: qid }, wait_for_review: false });
      expect((await check(alice.token, aid)).body.data).toBe(true);
    });

    it('changes tags on edit and records links between questions', async (t) => {
      if (!site) return t.skip();
      const target = await ask(site, alice.token, 'Target question of links');
      const other = await ask(site, alice.token, 'Unrelated question here');
      const src = await ask(site, alice.token, 'Linking question', `See [this](/questions/${target}) and http://elsewhere.example/questions/${other}.`);
      const r = await edit(admin, { id: src, title: 'Linking question', content: `See /questions/${target} and http://localhost:9080/questions/${other}/slug`, tags: [{ slug_name: 'brewing', display_name: 'Brewing' }] });
      expect(r.body.data.tags).toEqual([expect.objectContaining({ slug_name: 'brewing', display_name: 'Brewing' })]);
      const links = await call(site.app, 'GET', `${API}/question/link?question_id=${target}&page=1&page_size=10`);
      expect(links.body.data.list.map((q: { id: string }) => q.id)).toEqual([src]);
      const from = await call(site.app, 'GET', `${API}/question/link?question_id=${src}`);
      expect(from.body.data.list.map((q: { id: string }) => q.id).sort()).toEqual([target, other].sort());
      expect((await call(site.app, 'GET', `${API}/question/link?question_id=${other}`)).body.data.count).toBe(1);
      expect((await call(site.app, 'GET', `${API}/question/link`)).status).toBe(400);
    });
  });
}
