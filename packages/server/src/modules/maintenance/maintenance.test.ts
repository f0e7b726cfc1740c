import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, ADMIN, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from '../ssr/ssr.renderer.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`maintenance mode on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let member = '';
    let general: Record<string, unknown> = {};
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      member = (await registerUser(site.app, 'maintmember')).token;
      general = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/general', { token: admin })).body.data;
      expect(general.maintenance).toBe(false);
      const r = await call(site.app, 'PUT', '/answer/admin/api/siteinfo/general', { token: admin, body: { ...general, maintenance: true } });
      expect(r.status).toBe(200);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    it('holds visitors: API calls and pages answer 503 with Retry-After and the maintenance page', async ({ skip }) => {
      if (!site) return skip();
      const api = await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20`);
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe('300');
      expect(api.body).toMatchObject({ code: 503, reason: 'base.maintenance', msg: 'The site is under maintenance. Please try again later.' });
      for (const url of ['/', '/questions', '/tags', '/users/someone', '/no/such/page']) {
        const page = await app().inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(503);
        expect(page.headers['retry-after']).toBe('300');
        expect(page.body).toContain('<title>Website Maintenance - Test Site</title>');
        expect(page.body).toContain('We are performing scheduled maintenance.');
      }
    });

    it('holds members the same way', async ({ skip }) => {
      if (!site) return skip();
      expect((await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20`, { token: member })).status).toBe(503);
      expect((await call(app(), 'GET', `${V1}/notification/status`, { token: member })).status).toBe(503);
      const page = await app().inject({ method: 'GET', url: '/questions', headers: { authorization: member } });
      expect(page.statusCode).toBe(503);
    });

    it('keeps site info, the login page and logging in open, so an administrator can sign in', async ({ skip }) => {
      if (!site) return skip();
      const info = await call(app(), 'GET', `${V1}/siteinfo`);
      expect(info.status).toBe(200);
      expect(info.body.data.general.maintenance).toBe(true);
      expect((await app().inject({ method: 'GET', url: '/users/login' })).statusCode).toBe(200);
      const login = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      expect(login.status).toBe(200);
      expect((await app().inject({ method: 'GET', url: '/custom.css' })).statusCode).toBe(200);
    });

    it('lets administrators keep working on pages, the API and the admin API', async ({ skip }) => {
      if (!site) return skip();
      expect((await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20`, { token: admin })).status).toBe(200);
      expect((await call(app(), 'GET', '/answer/admin/api/siteinfo/general', { token: admin })).status).toBe(200);
      const page = await app().inject({ method: 'GET', url: '/questions', headers: { authorization: admin } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['retry-after']).toBeUndefined();
    });

    it('lets everyone back in when switched off', async ({ skip }) => {
      if (!site) return skip();
      const r = await call(app(), 'PUT', '/answer/admin/api/siteinfo/general', { token: admin, body: { ...general, maintenance: false } });
      expect(r.status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20`)).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/question/page?page=1&page_size=20`, { token: member })).status).toBe(200);
      expect((await app().inject({ method: 'GET', url: '/questions' })).statusCode).toBe(200);
    });

    it('a general save without the field keeps maintenance as it is', async ({ skip }) => {
      if (!site) return skip();
      await call(app(), 'PUT', '/answer/admin/api/siteinfo/general', { token: admin, body: { ...general, maintenance: true } });
      const { maintenance: _omit, ...withoutFlag } = general;
      await call(app(), 'PUT', '/answer/admin/api/siteinfo/general', { token: admin, body: withoutFlag });
      expect((await call(app(), 'GET', '/answer/admin/api/siteinfo/general', { token: admin })).body.data.maintenance).toBe(true);
      await call(app(), 'PUT', '/answer/admin/api/siteinfo/general', { token: admin, body: { ...general, maintenance: false } });
    });
  });
}
