/**
 * Contract suite: more calls of Answer 1.4.2's web client, with the shapes its code reads: the permission map of
 * the ask page, the interface language bundle, the question list's credited user per order, the alert of a
 * deleted or pending question, the admin dashboard, badge achievements, the search operators and the site icons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`Answer 1.4.2 client pages on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: TestUser, bob: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob', 200);
    });
    afterAll(async () => site?.close());
    const get = async (url: string, opts: { token?: string; lang?: string } = {}) => {
      const r = await call(site!.app, 'GET', url, opts);
      expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      return r.body.data as Record<string, any>;
    };

    it('answers /permission with has_permission and no_permission_tip for every action', async (t) => {
      if (!site) return t.skip();
      expect(await get(`${V1}/permission?action=tag.add`, { token: admin })).toEqual({ 'tag.add': { has_permission: true, no_permission_tip: '' } });
      const low = await get(`${V1}/permission?action=tag.add,question.add,question.undeleted`, { token: alice.token });
      expect(low['question.add']).toEqual({ has_permission: true, no_permission_tip: '' });
      for (const key of ['tag.add', 'question.undeleted']) {
        expect(low[key]!.has_permission, key).toBe(false);
        expect(low[key]!.no_permission_tip, key).toMatch(/\S/);
      }
      const anonymous = await get(`${V1}/permission?action=answer.add`);
      expect(anonymous['answer.add'].has_permission).toBe(false);
    });

    it('serves the `ui` translations the client switches its interface language with', async (t) => {
      if (!site) return t.skip();
      const en = await get(`${V1}/language/config`, { lang: 'en-US' });
      const zh = await get(`${V1}/language/config`, { lang: 'zh_CN' }); // Answer's client sends its code as Accept-Language
      expect(typeof en.ui?.header?.nav?.question).toBe('string');
      expect(typeof zh.ui?.header?.nav?.question).toBe('string');
      expect(zh.ui.header.nav.question).not.toBe(en.ui.header.nav.question);
      expect(zh.ui.btns.save).not.toBe(en.ui.btns.save);
      const install = await get('/installation/language/config?lang=zh_CN');
      expect(install.ui.header.nav.question).toBe(zh.ui.header.nav.question);
    });

    it('credits the author in the newest order and the answerer in the active order', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Which yeast for a dry cider?', 'support');
      await answerQuestion(site.app, bob.token, qid, 'A champagne yeast ferments it fully dry.');
      const row = async (order: string, id = qid) => ((await get(`${V1}/question/page?page=1&page_size=20&order=${order}`)).list as Record<string, any>[]).find((q) => q.id === id)!;
      const newest = await row('newest');
      expect([newest.operation_type, newest.operator.username, newest.operated_at]).toEqual(['asked', 'alice', newest.created_at]);
      const active = await row('active');
      expect([active.operation_type, active.operator.username]).toEqual(['answered', 'bob']);

      // Edited by a moderator: the active order credits the editor, until an answer comes.
      const edited = await askQuestion(site.app, alice.token, 'Should a stout be bottled warm?', 'support');
      const edit = await call(site.app, 'PUT', `${V1}/question`, { token: admin, body: { id: edited, title: 'Should a stout be bottle-conditioned warm?', content: 'Conditioning temperature for a dry stout, please.', tags: [{ slug_name: 'support' }], edit_summary: 'clearer title' } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const byEditor = (await row('active', edited)) as Record<string, any>;
      expect([byEditor.operation_type, byEditor.operator.username]).toEqual(['modified', 'admin']);
      expect((await row('newest', edited)).operator.username).toBe('alice');
      await answerQuestion(site.app, bob.token, edited, 'Around 20 C for two weeks.');
      expect((await row('active', edited)).operator.username).toBe('bob');
    });

    it('puts the notice of a deleted or pending question in operation.msg, which the client\'s alert shows', async (t) => {
      if (!site) return t.skip();
      const gone = await askQuestion(site.app, alice.token, 'A question its author takes back', 'support');
      expect((await call(site.app, 'DELETE', `${V1}/question`, { token: alice.token, body: { id: gone } })).status).toBe(200);
      const deleted = (await get(`${V1}/question/info?id=${gone}`, { token: admin })).operation;
      expect([deleted.level, deleted.msg]).toEqual(['danger', deleted.description]);
      expect(deleted.msg).toMatch(/\S/);
      const waiting = await askQuestion(site.app, alice.token, 'A question waiting for review', 'support');
      await site.app.quorum.database!.kysely.updateTable('questions').set({ status: 11 }).where('id', '=', waiting).execute();
      const pending = (await get(`${V1}/question/info?id=${waiting}`, { token: alice.token })).operation;
      expect([pending.level, pending.msg]).toEqual(['secondary', pending.description]);
      expect(pending.msg).toMatch(/\S/);
    });

    it('dashboard: smtp as a state, resolved and unanswered questions with their rates', async (t) => {
      if (!site) return t.skip();
      // Live questions now: the cider and the stout questions (answered, none accepted); the deleted and the pending
      // ones do not count.
      const solved = await askQuestion(site.app, alice.token, 'How long should a lager condition?', 'support');
      const aid = await answerQuestion(site.app, bob.token, solved, 'Four to six weeks near freezing.');
      expect((await call(site.app, 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: solved, answer_id: aid } })).status).toBe(200);
      await askQuestion(site.app, alice.token, 'Does water hardness matter for stouts?', 'support');
      const info = (await get(`${ADMIN}/dashboard`, { token: admin })).info;
      expect(info).toMatchObject({ question_count: 4, resolved_count: 1, resolved_rate: '25.00', unanswered_count: 1, unanswered_rate: '25.00', smtp: 'not_configured' });
      const smtp = await get(`${ADMIN}/setting/smtp`, { token: admin });
      const saved = await call(site.app, 'PUT', `${ADMIN}/setting/smtp`, { token: admin, body: { ...smtp, from_email: 'noreply@example.com', from_name: 'Brewers', smtp_host: 'mail.example.com', smtp_port: 2525, encryption: '', smtp_authentication: false } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await get(`${ADMIN}/dashboard`, { token: admin })).info.smtp).toBe('enabled');
    });

    it('achievements: a badge award is object_type badge_award with the badge in object_map.badge_id', async (t) => {
      if (!site) return t.skip();
      const status = await get(`${V1}/notification/status`, { token: alice.token });
      expect(status.badge_award).toMatchObject({ notification_id: expect.any(String), badge_id: expect.any(String) });
      const page = await get(`${V1}/notification/page?type=achievement&page=1&page_size=50`, { token: alice.token });
      const award = (page.list as Record<string, any>[]).find((n) => n.id === status.badge_award.notification_id)!;
      expect(award.object_info).toMatchObject({ object_type: 'badge_award', object_id: award.id, object_map: { badge_id: status.badge_award.badge_id } });
    });

    it('search: answers:0 finds the questions without any answer, answers:1 those with one or more', async (t) => {
      if (!site) return t.skip();
      const open = await askQuestion(site.app, bob.token, 'Is a blowoff tube worth it?', 'support');
      const search = async (q: string) => (await get(`${V1}/search?q=${encodeURIComponent(q)}&page=1&size=50`)).list as { object: { id: string; answer_count: number } }[];
      const none = await search('answers:0');
      expect(none.map((r) => r.object.id)).toContain(open);
      expect(none.filter((r) => r.object.answer_count !== 0)).toEqual([]);
      const some = await search('answers:1');
      expect(some.length).toBeGreaterThan(0);
      expect(some.filter((r) => r.object.answer_count < 1)).toEqual([]);
    });

    it('serves a default /favicon.ico while no icon is set, and Answer\'s /manifest.json', async (t) => {
      if (!site) return t.skip();
      const icon = await site.app.inject({ method: 'GET', url: '/favicon.ico' });
      expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/x-icon']);
      // An ICO with one 32x32 image of 32 bits per pixel.
      expect([...icon.rawPayload.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
      expect(icon.rawPayload.length).toBe(6 + 16 + 40 + 32 * 32 * 4 + 32 * 4);
      const res = await site.app.inject({ method: 'GET', url: '/manifest.json' });
      expect(res.statusCode).toBe(200);
      const manifest = res.json() as Record<string, unknown>;
      expect(manifest).toMatchObject({ manifest_version: 3, name: 'Test Site', short_name: 'Test Site', start_url: '.', display: 'standalone', background_color: '#ffffff' });
      expect(Object.keys(manifest).sort()).toEqual(['background_color', 'display', 'icons', 'manifest_version', 'name', 'revision', 'short_name', 'start_url', 'theme_color', 'version']);
      expect(manifest.icons).toEqual({ '16': '/favicon.ico', '32': '/favicon.ico', '48': '/favicon.ico', '128': '/favicon.ico' });
    });
  });
}
