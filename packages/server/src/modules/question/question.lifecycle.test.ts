import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, activityOf, answer, ask, makeModerator, member, type Member } from './question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`question life cycle on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member, bob: Member, mod: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [alice, bob, mod] = [await member(site, 'alice'), await member(site, 'bob'), await member(site, 'mod')];
      await makeModerator(site, mod.id);
    });
    afterAll(async () => site?.close());
    const info = (id: string, token?: string, lang?: string) => call(site!.app, 'GET', `${API}/question/info?id=${id}`, { token, lang });

    it('delete: the owner while nobody else answered, moderators always; undelete: moderators', async (t) => {
      if (!site) return t.skip();
      const del = (token: string | undefined, id: string) => call(site!.app, 'DELETE', `${API}/question`, { token, body: { id } });
      const lone = await ask(site, alice.token, 'A lone question');
      await answer(site, alice.token, lone, 'My own answer text');
      expect((await del(undefined, lone)).status).toBe(401);
      const other = await del(bob.token, lone);
      expect(other.status).toBe(403);
      expect(other.body.reason).toBe('error.object.no_permission');
      expect((await del(alice.token, lone)).status).toBe(200);
      expect((await info(lone)).status).toBe(404);
      expect((await info(lone, alice.token)).status).toBe(404);
      const staff = await info(lone, mod.token);
      expect(staff.body.data).toMatchObject({ status: 10, operation: { type: 'deleted', description: 'This post has been deleted.' } });
      expect(staff.body.data.member_actions.map((a: { action: string }) => a.action)).toEqual(['report', 'undelete']);
      const me = await call(site.app, 'GET', `${API}/user/info`, { token: alice.token });
      expect(me.body.data.question_count).toBe(0);

      expect((await call(site.app, 'POST', `${API}/question/recover`, { token: alice.token, body: { question_id: lone } })).status).toBe(403);
      expect((await call(site.app, 'POST', `${API}/question/recover`, { token: mod.token, body: { question_id: lone } })).status).toBe(200);
      expect((await info(lone)).body.data.status).toBe(1);
      expect((await activityOf(site, lone)).map((a) => a.activity_type)).toEqual(['asked', 'deleted', 'undeleted']);

      const answered = await ask(site, alice.token, 'Answered by someone else');
      await answer(site, bob.token, answered);
      const refused = await del(alice.token, answered);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ reason: 'error.question.cannot_delete', data: { err_type: 'toast' } });
      expect((await del(mod.token, answered)).status).toBe(200);
    });

    it('close with a reason (translated list), reopen; closed questions take no answers', async (t) => {
      if (!site) return t.skip();
      const reasons = await call(site.app, 'GET', `${API}/reasons?object_type=question&action=close`, { token: alice.token });
      expect(reasons.body.data.map((r: { reason_type: number }) => r.reason_type)).toEqual([1, 2, 3, 4, 5]);
      expect(reasons.body.data[4]).toMatchObject({ name: 'something else', content_type: 'textarea', have_content: true });
      expect(reasons.body.data[1]).toMatchObject({ name: 'off-topic', have_content: false, placeholder: '' });
      const zh = await call(site.app, 'GET', `${API}/reasons?object_type=question&action=close`, { token: alice.token, lang: 'zh-CN' });
      expect(zh.body.data[0].name).toBe('重复');
      expect((await call(site.app, 'GET', `${API}/reasons?object_type=question&action=close`)).status).toBe(401);
      expect((await call(site.app, 'GET', `${API}/reasons?object_type=planet&action=close`, { token: alice.token })).status).toBe(400);

      const qid = await ask(site, alice.token, 'Question to close');
      const close = (token: string, body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/question/status`, { token, body });
      expect((await close(alice.token, { id: qid, close_type: 2 })).status).toBe(403);
      expect((await close(mod.token, { id: qid, close_type: 99 })).body.data).toEqual([{ error_field: 'close_type', error_msg: 'Choose a reason for closing.' }]);
      expect((await close(mod.token, { id: qid, close_type: 5 })).body.data).toEqual([{ error_field: 'close_msg', error_msg: 'Please add the details this reason asks for.' }]);
      expect((await close(mod.token, { id: qid, close_type: 5, close_msg: 'Spam links only' })).status).toBe(200);
      const closed = await info(qid, alice.token);
      expect(closed.body.data).toMatchObject({ status: 2, operation: { type: 'closed', name: 'something else', msg: 'Spam links only', level: 'info' } });
      const refused = await call(site.app, 'POST', `${API}/answer`, { token: bob.token, body: { question_id: qid, content: 'An answer text' } });
      expect(refused.status).toBe(403);
      expect((await call(site.app, 'PUT', `${API}/question/reopen`, { token: alice.token, body: { question_id: qid } })).status).toBe(403);
      expect((await call(site.app, 'PUT', `${API}/question/reopen`, { token: mod.token, body: { question_id: qid } })).status).toBe(200);
      expect((await info(qid)).body.data).toMatchObject({ status: 1, operation: null });
      expect((await activityOf(site, qid)).map((a) => a.activity_type)).toEqual(['asked', 'closed', 'reopened']);
    });

    it('pin puts a question first in newest and active lists; hide takes it out of lists', async (t) => {
      if (!site) return t.skip();
      const pinned = await ask(site, alice.token, 'Question to pin');
      await ask(site, bob.token, 'A newer question');
      const op = (token: string, id: string, operation: string) => call(site!.app, 'PUT', `${API}/question/operation`, { token, body: { id, operation } });
      expect((await op(alice.token, pinned, 'pin')).status).toBe(403);
      expect((await op(mod.token, pinned, 'spin')).status).toBe(400);
      expect((await op(mod.token, pinned, 'pin')).status).toBe(200);
      for (const order of ['newest', 'active']) {
        const list = await call(site.app, 'GET', `${API}/question/page?order=${order}&page_size=1`);
        expect(list.body.data.list[0], order).toMatchObject({ id: pinned, pin: 2 });
      }
      await op(mod.token, pinned, 'unpin');
      expect((await call(site.app, 'GET', `${API}/question/page?order=newest&page_size=1`)).body.data.list[0].id).not.toBe(pinned);
      await op(mod.token, pinned, 'hide');
      const all = await call(site.app, 'GET', `${API}/question/page?page_size=100`);
      expect(all.body.data.list.map((q: { id: string }) => q.id)).not.toContain(pinned);
      expect((await info(pinned)).body.data.show).toBe(2);
      await op(mod.token, pinned, 'show');
      expect((await activityOf(site, pinned)).map((a) => a.activity_type)).toEqual(['asked', 'pin', 'unpin', 'hide', 'show']);
    });

    it('pending questions are shown to their owner and staff only, with the pending notice', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token, 'A question waiting in the queue');
      await site.app.quorum.database!.kysely.updateTable('questions').set({ status: 11 }).where('id', '=', qid).execute();
      expect((await info(qid)).status).toBe(404);
      expect((await info(qid, bob.token)).status).toBe(404);
      const own = await info(qid, alice.token);
      expect(own.body.data.operation).toMatchObject({ type: 'pending', reason: 'post_status.pending', description: 'Your post is pending review. It will be visible after it has been approved.' });
      expect((await info(qid, admin)).status).toBe(200);
      expect((await info(qid, alice.token, 'zh-CN')).body.data.operation.description).toBe('你的帖子正在等待审核，审核通过后才会显示。');
    });

    it('member actions follow role and ownership', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token, 'Question with a menu');
      const actions = async (token?: string) => ((await info(qid, token)).body.data.member_actions as { action: string }[]).map((a) => a.action);
      expect(await actions()).toEqual([]);
      expect(await actions(alice.token)).toEqual(['report', 'edit', 'delete']);
      expect(await actions(bob.token)).toEqual(['report']);
      expect(await actions(mod.token)).toEqual(['report', 'edit', 'close', 'pin', 'hide', 'delete']);
      const zh = await info(qid, mod.token, 'zh-CN');
      expect(zh.body.data.member_actions[1]).toEqual({ action: 'edit', name: '编辑', type: 'edit' });
    });
  });
}
