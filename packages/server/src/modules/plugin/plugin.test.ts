import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { REPO_ROOT } from '../../core/paths.js';
import { INSTALLED_PACKAGES } from './installed.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

describe('installed plugins', () => {
  it('lists exactly the workspace packages that declare a quorum-plugin entry', () => {
    const dir = path.join(REPO_ROOT, 'plugins');
    const declared = readdirSync(dir)
      .map((d) => path.join(dir, d, 'package.json'))
      .filter((p) => existsSync(p))
      .map((p) => JSON.parse(readFileSync(p, 'utf8')) as { name: string; 'quorum-plugin'?: string })
      .filter((p) => p['quorum-plugin'])
      .map((p) => p.name)
      .sort();
    expect(INSTALLED_PACKAGES.map((p) => p.package).sort()).toEqual(declared);
  });
});

for (const dialect of DIALECTS) {
  describe(`plugin administration on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let member = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      member = (await registerUser(site.app, 'member')).token;
    });
    afterAll(async () => site?.close());

    const oidc = (list: { slug_name: string }[]) => list.find((p) => p.slug_name === 'connector_oidc') as Record<string, unknown> | undefined;

    it('lists the installed plugins, all off, to admins only', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${ADMIN}/plugins`, { token: admin });
      expect(r.body.data.map((p: { slug_name: string }) => p.slug_name)).toEqual(['connector_oidc', 'connector_github', 'connector_google', 'user_center_wecom', 'user_center_dingtalk', 'user_center_segmentfault', 'user_center_wechat', 'reviewer_akismet', 'notify_chat']);
      expect(oidc(r.body.data)).toMatchObject({ name: 'OpenID Connect', version: '1.0.0', enabled: false, have_config: true, kinds: ['connector'], last_error: '' });
      expect((await call(site.app, 'GET', `${ADMIN}/plugins`, { token: member })).status).toBe(403);
      expect((await call(site.app, 'GET', `${ADMIN}/plugins`)).status).toBe(401);
      expect((await call(site.app, 'GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'connector_oidc', enabled: false });
    });

    it('validates a configuration: required fields, URLs, issuer or endpoints', async (t) => {
      if (!site) return t.skip();
      const put = (config_fields: Record<string, unknown>) => call(site!.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields } });
      const empty = await put({});
      expect(empty.status).toBe(400);
      expect(empty.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['client_id', 'client_secret']);
      const badUrl = await put({ client_id: 'a', client_secret: 'b', issuer: 'not a url' });
      expect(badUrl.body.data).toEqual([{ error_field: 'issuer', error_msg: expect.any(String) }]);
      const noEndpoints = await put({ client_id: 'a', client_secret: 'b' });
      expect(noEndpoints.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['authorization_endpoint', 'jwks_uri', 'token_endpoint']);
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'nope', config_fields: {} } })).status).toBe(404);
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: member, body: { plugin_slug_name: 'connector_oidc', config_fields: {} } })).status).toBe(403);
    });

    it('stores a configuration and never sends the secret back, only that it is set', async (t) => {
      if (!site) return t.skip();
      const saved = await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { issuer: 'https://sso.example.com', client_id: 'quorum', client_secret: 'top-secret-value' } } });
      expect(saved.status).toBe(200);
      const form = await call(site.app, 'GET', `${ADMIN}/plugin/config?plugin_slug_name=connector_oidc`, { token: admin });
      expect(JSON.stringify(form.body)).not.toContain('top-secret-value');
      const field = (name: string) => form.body.data.config_fields.find((f: { name: string }) => f.name === name);
      expect(field('client_secret')).toMatchObject({ value: '', secret: true, is_set: true, required: true, ui_options: { input_type: 'password' } });
      expect(field('client_id')).toMatchObject({ value: 'quorum', title: 'Client ID' });
      expect(field('scopes')).toMatchObject({ value: 'openid email profile' });
      // Saving the form again without the secret keeps it.
      await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { client_id: 'quorum-2', client_secret: '' } } });
      const row = await site.app.quorum.database!.kysely.selectFrom('plugin_configs').select('config').where('slug_name', '=', 'connector_oidc').executeTakeFirstOrThrow();
      expect(JSON.parse(row.config)).toMatchObject({ client_id: 'quorum-2', client_secret: 'top-secret-value', issuer: 'https://sso.example.com' });
    });

    it('switches a plugin on and off', async (t) => {
      if (!site) return t.skip();
      const status = (enabled: boolean) => call(site!.app, 'PUT', `${ADMIN}/plugin/status`, { token: admin, body: { plugin_slug_name: 'connector_oidc', enabled } });
      expect((await status(true)).status).toBe(200);
      expect(oidc((await call(site.app, 'GET', `${ADMIN}/plugins?status=active`, { token: admin })).body.data)).toMatchObject({ enabled: true });
      expect((await call(site.app, 'GET', `${V1}/connector/info`)).body.data).toHaveLength(1);
      expect((await status(false)).status).toBe(200);
      expect(oidc((await call(site.app, 'GET', `${ADMIN}/plugins?status=active`, { token: admin })).body.data)).toBeUndefined();
      expect((await call(site.app, 'GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'connector_oidc', enabled: false });
      expect((await call(site.app, 'GET', `${V1}/connector/info`)).body.data).toEqual([]);
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/status`, { token: member, body: { plugin_slug_name: 'connector_oidc', enabled: true } })).status).toBe(403);
    });

    it('offers members no plugin settings while no plugin has any', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'GET', `${V1}/user/plugin/configs`, { token: member })).body.data).toEqual([]);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/config?plugin_slug_name=connector_oidc`, { token: member })).status).toBe(404);
    });
  });
}
