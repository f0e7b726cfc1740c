/**
 * Contract suite: more calls of Answer 1.4.2's web client, with the shapes its code reads: the permission map of
 * the ask page, the interface language bundle, the question list's credited user per order, the alert of a
 * deleted or pending question, the admin dashboard, badge achievements, the search operators and the site icons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';

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
      const zh = await get(`${V1}/language/config`, { lang: 'zh-CN' });
      expect(typeof en.ui?.header?.nav?.question).toBe('string');
      expect(typeof zh.ui?.header?.nav?.question).toBe('string');
      expect(zh.ui.header.nav.question).not.toBe(en.ui.header.nav.question);
      expect(zh.ui.btns.save).not.toBe(en.ui.btns.save);
      const install = await get('/installation/language/config?lang=zh_CN');
      expect(install.ui.header.nav.question).toBe(zh.ui.header.nav.question);
    });
  });
}
