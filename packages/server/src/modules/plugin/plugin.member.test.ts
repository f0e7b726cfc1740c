/**
 * Members' plugin settings (`GET /user/plugin/configs`, `GET/PUT /user/plugin/config`; the form of
 * `/users/settings/{slug_name}`) over HTTP on every engine. No plugin shipped with Quorum declares member
 * settings, so this file adds a test-only plugin to the installed list (vi.mock of installed.ts): a notification
 * plugin whose `user_config` has a required URL, a secret, a select and a switch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { definePlugin, type QuorumPlugin } from '@quorum/plugin-api';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const SLUG = 'test_member_settings';

vi.mock('./installed.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./installed.js')>();
  const testPlugin: QuorumPlugin = definePlugin({
    manifest: {
      slug_name: 'test_member_settings',
      name: 'Test notifications',
      version: '0.0.1',
      description: 'Sends a member their notifications elsewhere (test only).',
      link: 'https://example.com/',
      kinds: ['notification'],
      user_config: [
        { name: 'webhook', type: 'input', format: 'url', label: 'Webhook URL', required: true },
        { name: 'token', type: 'input', label: 'Token', secret: true },
        { name: 'frequency', type: 'select', label: 'How often', options: [{ value: 'now', label: 'At once' }, { value: 'daily', label: 'Daily' }], default: 'now' },
        { name: 'mentions_only', type: 'switch', label: 'Only mentions' },
      ],
    },
  });
  return { ...real, INSTALLED_PLUGINS: [...real.INSTALLED_PLUGINS, testPlugin] };
});

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`members' plugin settings on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice = '';
    let bob = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = (await registerUser(site.app, 'alice')).token;
      bob = (await registerUser(site.app, 'bob')).token;
    });
    afterAll(async () => site?.close());

    const form = (token: string) => call(site!.app, 'GET', `${V1}/user/plugin/config?plugin_slug_name=${SLUG}`, { token });
    const save = (token: string, config_fields: Record<string, unknown>) => call(site!.app, 'PUT', `${V1}/user/plugin/config`, { token, body: { plugin_slug_name: SLUG, config_fields } });
    const status = (enabled: boolean) => call(site!.app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: SLUG, enabled } });

    it('offers the settings only while the plugin is on, to logged-in members', async (t) => {
      if (!site) return t.skip();
      const listed = (await call(site.app, 'GET', '/answer/admin/api/plugins', { token: admin })).body.data.find((p: { slug_name: string }) => p.slug_name === SLUG);
      expect(listed).toMatchObject({ enabled: false, have_config: false, kinds: ['notification'] });
      expect((await call(site.app, 'GET', `${V1}/user/plugin/configs`, { token: alice })).body.data).toEqual([]);
      expect((await form(alice)).status).toBe(404);
      expect((await save(alice, { webhook: 'https://hooks.example.com/a' })).status).toBe(404);

      expect((await status(true)).status).toBe(200);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/configs`, { token: alice })).body.data).toEqual([{ name: 'Test notifications', slug_name: SLUG }]);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/configs`)).status).toBe(401);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/config?plugin_slug_name=${SLUG}`)).status).toBe(401);
      const fresh = (await form(alice)).body.data;
      expect(fresh).toMatchObject({ name: 'Test notifications', slug_name: SLUG, version: '0.0.1' });
      expect(fresh.config_fields.map((f: { name: string; value: unknown }) => [f.name, f.value])).toEqual([['webhook', ''], ['token', ''], ['frequency', 'now'], ['mentions_only', false]]);
      expect(fresh.config_fields[1]).toMatchObject({ secret: true, is_set: false, ui_options: { input_type: 'password' } });
      // An unknown slug and a plugin without member settings are not found.
      expect((await call(site.app, 'GET', `${V1}/user/plugin/config?plugin_slug_name=connector_oidc`, { token: alice })).status).toBe(404);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/config?plugin_slug_name=no_such_plugin`, { token: alice })).status).toBe(404);
    });

    it('checks the values against the declared fields', async (t) => {
      if (!site) return t.skip();
      const empty = await save(alice, {});
      expect(empty.status).toBe(400);
      expect(empty.body.data).toEqual([{ error_field: 'webhook', error_msg: expect.any(String) }]);
      const bad = await save(alice, { webhook: 'ftp://hooks.example.com', frequency: 'hourly' });
      expect(bad.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['frequency', 'webhook']);
    });

    it("stores each member's own values and never sends the secret back", async (t) => {
      if (!site) return t.skip();
      expect((await save(alice, { webhook: 'https://hooks.example.com/alice', token: 'alice-secret-token', frequency: 'daily', mentions_only: true, unknown_field: 'dropped' })).status).toBe(200);
      const read = await form(alice);
      expect(JSON.stringify(read.body)).not.toContain('alice-secret-token');
      expect(read.body.data.config_fields.map((f: { name: string; value: unknown; is_set: boolean }) => [f.name, f.value, f.is_set])).toEqual([
        ['webhook', 'https://hooks.example.com/alice', false],
        ['token', '', true],
        ['frequency', 'daily', false],
        ['mentions_only', true, false],
      ]);
      // Saving the form again with the secret left empty keeps it.
      expect((await save(alice, { webhook: 'https://hooks.example.com/alice2', token: '', mentions_only: false })).status).toBe(200);
      const rows = await site.app.quorum.database!.kysely.selectFrom('user_plugin_configs').select(['config']).where('slug_name', '=', SLUG).execute();
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.config)).toEqual({ webhook: 'https://hooks.example.com/alice2', token: 'alice-secret-token', frequency: 'daily', mentions_only: 'false' });
      // Bob has his own, untouched form.
      expect((await form(bob)).body.data.config_fields.map((f: { value: unknown }) => f.value)).toEqual(['', '', 'now', false]);
    });

    it('hides the settings again once the plugin is switched off', async (t) => {
      if (!site) return t.skip();
      expect((await status(false)).status).toBe(200);
      expect((await call(site.app, 'GET', `${V1}/user/plugin/configs`, { token: alice })).body.data).toEqual([]);
      expect((await form(alice)).status).toBe(404);
    });
  });
}
