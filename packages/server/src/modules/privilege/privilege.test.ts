import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, makeModerator, member, setRank, type Member } from '../question/question.testkit.js';

const ADMIN_API = '/answer/admin/api/setting/privileges';

for (const dialect of DIALECTS) {
  describe(`privileges and permissions on ${dialect}`, () => {
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
    /** GET /permission, read as `{action: has_permission}` (each entry also carries Answer's `no_permission_tip`). */
    const permission = async (token: string | undefined, actions: string) => {
      const r = await call(site!.app, 'GET', `${API}/permission?action=${actions}`, { token });
      const data = r.body.data as Record<string, { has_permission: boolean; no_permission_tip: string }>;
      return { ...r, body: { ...r.body, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.has_permission])) } };
    };

    it('shows the levels with their thresholds to admins only', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'GET', ADMIN_API)).status).toBe(401);
      expect((await call(site.app, 'GET', ADMIN_API, { token: mod.token })).status).toBe(403);
      const r = await call(site.app, 'GET', ADMIN_API, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data.selected_level).toBe(2);
      expect(r.body.data.options.map((o: { level: number }) => o.level)).toEqual([1, 2, 3, 99]);
      const l2 = r.body.data.options[1];
      expect(l2.privileges.find((p: { key: string }) => p.key === 'rank.question.vote_up')).toEqual({ key: 'rank.question.vote_up', label: 'Upvote a question', value: 8 });
      expect(r.body.data.options[2].privileges.find((p: { key: string }) => p.key === 'rank.question.edit_without_review').value).toBe(2000);
      const zh = await call(site.app, 'GET', ADMIN_API, { token: admin, lang: 'zh-CN' });
      expect(zh.body.data.options[0].privileges[0].label).toBe('提问');
    });

    it('changes the level and custom thresholds, and the server enforces them', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, alice.token);
      await setRank(site, bob.id, 5);
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: qid } })).status).toBe(403);
      expect((await call(site.app, 'PUT', ADMIN_API, { token: alice.token, body: { level: 1 } })).status).toBe(403);
      expect((await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 7 } })).body.data).toEqual([{ error_field: 'level', error_msg: 'Choose a privilege level.' }]);
      expect((await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 1 } })).status).toBe(200);
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: qid } })).status).toBe(200);

      const bad = await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 99, custom_privileges: [{ key: 'rank.question.vote_up', value: 0 }] } });
      expect(bad.body.data).toEqual([{ error_field: 'custom_privileges.0.value', error_msg: 'Reputation must be a whole number of at least 1.' }]);
      const unknown = await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 99, custom_privileges: [{ key: 'rank.fly', value: 3 }] } });
      expect(unknown.body.data).toEqual([{ error_field: 'custom_privileges', error_msg: 'Unknown privilege.' }]);
      const custom = await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 99, custom_privileges: [{ key: 'rank.answer.vote_up', value: 3 }, { key: 'question.vote_up', value: 6 }] } });
      expect(custom.status).toBe(200);
      const now = await call(site.app, 'GET', ADMIN_API, { token: admin });
      expect(now.body.data.selected_level).toBe(99);
      const c = now.body.data.options[3].privileges;
      expect(c.find((p: { key: string }) => p.key === 'rank.answer.vote_up').value).toBe(3);
      expect(c.find((p: { key: string }) => p.key === 'rank.question.vote_up').value).toBe(6);
      expect(c.find((p: { key: string }) => p.key === 'rank.answer.edit').value).toBe(100);
      expect((await permission(bob.token, 'question.vote_up,answer.vote_up,answer.edit')).body.data).toEqual({ 'question.vote_up': false, 'answer.vote_up': true, 'answer.edit': false });
      await call(site.app, 'PUT', ADMIN_API, { token: admin, body: { level: 2 } });
    });

    it('answers GET /permission per action for the current user', async (t) => {
      if (!site) return t.skip();
      const actions = 'question.add,question.vote_down,question.close,answer.accept,tag.add,link.url_limit,no.such';
      expect((await permission(undefined, actions)).body.data).toEqual({ 'question.add': false, 'question.vote_down': false, 'question.close': false, 'answer.accept': false, 'tag.add': false, 'link.url_limit': false, 'no.such': false });
      await setRank(site, bob.id, 130);
      expect((await permission(bob.token, actions)).body.data).toEqual({ 'question.add': true, 'question.vote_down': true, 'question.close': false, 'answer.accept': false, 'tag.add': false, 'link.url_limit': true, 'no.such': false });
      const m = (await permission(mod.token, actions)).body.data;
      expect(Object.entries(m).filter(([, v]) => !v).map(([k]) => k)).toEqual(['no.such']);
      expect((await permission(bob.token, '')).body.data).toEqual({});
    });
  });
}
