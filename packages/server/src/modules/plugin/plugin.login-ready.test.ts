/**
 * A login plugin cannot be switched on while its required settings (client id, secret) are empty, and the login
 * page is never offered a button that cannot work: GET /connector/info leaves out an enabled connector whose
 * required settings are missing (one switched on before the rule, or emptied in the database since).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`login plugins need their settings on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => site?.close());
    const status = (slug: string, enabled: boolean) => call(site!.app, 'PUT', `${ADMIN}/plugin/status`, { token: admin, body: { plugin_slug_name: slug, enabled } });

    it('refuses to switch on a connector without client id and secret, naming them', async (t) => {
      if (!site) return t.skip();
      const r = await status('connector_google', true);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ reason: 'error.plugin.required_config_missing', msg: 'Fill in the required settings first (Client ID, Client secret): without them this login cannot work.' });
      expect((await call(site.app, 'GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'connector_google', enabled: false });
      const de = await call(site.app, 'PUT', `${ADMIN}/plugin/status`, { token: admin, lang: 'de-DE', body: { plugin_slug_name: 'connector_google', enabled: true } });
      expect(de.body.msg).toMatch(/^Fülle zuerst die nötigen Einstellungen aus \(Client ID, Client secret\)/);
      expect((await status('user_center_dingtalk', true)).body.reason).toBe('error.plugin.required_config_missing');
      // Switching off is always possible.
      expect((await status('connector_google', false)).status).toBe(200);
    });

    it('switches it on once configured; a connector whose settings were emptied offers no button', async (t) => {
      if (!site) return t.skip();
      const put = await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'connector_google', config_fields: { client_id: 'g-id', client_secret: 'g-secret' } } });
      expect(put.status).toBe(200);
      expect((await status('connector_google', true)).status).toBe(200);
      const names = async () => ((await call(site!.app, 'GET', `${V1}/connector/info`)).body.data as { name: string }[]).map((c) => c.name);
      expect(await names()).toHaveLength(1);
      await site.app.quorum.database!.kysely.updateTable('plugin_configs').set({ config: '{}' }).where('slug_name', '=', 'connector_google').execute();
      expect(await names()).toEqual([]);
    });
  });
}
