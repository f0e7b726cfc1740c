/**
 * Plugin isolation (issue: "a plugin that throws is isolated: its call fails with a logged error, the site keeps
 * serving, and the admin list shows its last error"), over HTTP on every engine. A test-only connector whose
 * every hook throws is added to the installed list (vi.mock of installed.ts) next to the OpenID Connect connector
 * on a local provider: the broken one is left out of the login buttons and the account settings, its login fails
 * with `plugin_error`, its configuration check fails that one call, each failure is kept as its last error, and
 * the working connector and the rest of the site go on.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { definePlugin, type QuorumPlugin } from '@quorum/plugin-api';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { enableOidc, hop, loginThroughProvider, startProvider, type TestProvider } from './provider.testkit.js';

vi.mock('../plugin/installed.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../plugin/installed.js')>();
  const boom = (what: string) => () => {
    throw new Error(`${what} exploded`);
  };
  const broken: QuorumPlugin = definePlugin({
    manifest: { slug_name: 'test_broken_connector', name: 'Broken', version: '0.0.1', description: 'Every hook throws (test only).', link: 'https://example.com/', kinds: ['connector'], config: [{ name: 'note', type: 'input', label: 'Note' }] },
    validateConfig: boom('validateConfig'),
    connector: { display: boom('display'), authorizationUrl: async () => boom('authorizationUrl')(), finish: async () => boom('finish')() },
  });
  return { ...real, INSTALLED_PLUGINS: [...real.INSTALLED_PLUGINS, broken] };
});

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`a plugin that throws on ${dialect}`, () => {
    let site: TestSite | undefined;
    let idp: TestProvider;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      idp = await startProvider();
      await enableOidc(site.app, admin, idp.issuer);
    });
    afterAll(async () => {
      await site?.close();
      await idp?.stop();
    });

    const lastError = async () => (await call(site!.app, 'GET', `${ADMIN}/plugins`, { token: admin })).body.data.find((p: { slug_name: string }) => p.slug_name === 'test_broken_connector').last_error as string;

    it('fails only its own configuration check, and keeps the error', async (t) => {
      if (!site) return t.skip();
      const put = await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'test_broken_connector', config_fields: { note: 'x' } } });
      expect(put.status).toBe(500);
      expect(JSON.stringify(put.body)).not.toContain('exploded');
      expect(await lastError()).toBe('validateConfig exploded');
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { display_name: 'Company SSO' } } })).status).toBe(200);
    });

    it('leaves a connector whose button fails out of the lists; the other connector and the site keep working', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/status`, { token: admin, body: { plugin_slug_name: 'test_broken_connector', enabled: true } })).status).toBe(200);
      expect(await lastError()).toBe('');
      const info = await call(site.app, 'GET', `${V1}/connector/info`);
      expect(info.status).toBe(200);
      expect(info.body.data.map((c: { name: string }) => c.name)).toEqual(['Company SSO']);
      expect(await lastError()).toBe('display exploded');

      const member = await registerUser(site.app, 'member');
      const settings = await call(site.app, 'GET', `${V1}/connector/user/info`, { token: member.token });
      expect(settings.status).toBe(200);
      expect(settings.body.data.map((c: { name: string }) => c.name)).toEqual(['Company SSO']);

      expect(await hop(site.app, `${V1}/connector/login/test_broken_connector`)).toMatchObject({ status: 302, location: '/users/auth-landing?error=plugin_error', cookies: {} });
      expect(await lastError()).toBe('authorizationUrl exploded');
      expect((await call(site.app, 'GET', `${V1}/siteinfo`)).status).toBe(200);
      expect((await loginThroughProvider(site.app)).cookies.quorum_session).toBeTruthy();
    });
  });
}
