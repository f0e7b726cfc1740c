import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSegmentFault, type FakeSegmentFault } from '@quorum/user-center-testkit';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { allowLocalProviders, atProvider, CookieJar, configurePlugin, hop, loginThroughProvider, loginUrl, me, setPluginEnabled } from './provider-login.testkit.js';

const V1 = '/answer/api/v1';
const SLUG = 'user_center_segmentfault';
const CALLBACK = 'http://localhost:9080/answer/api/v1/user-center/login/callback';

// The fake provider listens on 127.0.0.1 (the outbound address guard's opt-out).
allowLocalProviders();

for (const dialect of DIALECTS) {
  describe(`SegmentFault user center on ${dialect}`, () => {
    let site: TestSite | undefined;
    let sf: FakeSegmentFault;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      sf = await startFakeSegmentFault();
      await configurePlugin(site.app, admin, SLUG, { client_id: sf.client_id, client_secret: sf.client_secret, ...sf.endpoints });
      await setPluginEnabled(site.app, admin, SLUG, true);
    });
    afterAll(async () => {
      await site?.close();
      await sf?.stop();
    });

    it('keeps the client secret out of the admin form and sends the browser to the authorization endpoint with state and PKCE', async (t) => {
      if (!site) return t.skip();
      const form = (await call(site.app, 'GET', `/answer/admin/api/plugin/config?plugin_slug_name=${SLUG}`, { token: admin })).body.data;
      expect(form.config_fields.find((f: { name: string }) => f.name === 'client_secret')).toMatchObject({ value: '', secret: true, is_set: true });
      expect((await call(site.app, 'GET', `${V1}/user-center/agent`)).body.data.agent_info).toMatchObject({ name: 'SegmentFault', qr_login: { url_path: '/segmentfault/login/url' } });

      const url = new URL((await loginUrl(site.app, '/segmentfault/login/url')).redirect_url);
      expect(url.origin + url.pathname).toBe(sf.endpoints.authorization_endpoint);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: sf.client_id, redirect_uri: CALLBACK, code_challenge_method: 'S256' });
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    });

    it('creates the member from a verified address on the first login and logs the same member in on the second', async (t) => {
      if (!site) return t.skip();
      sf.account = { id: '1030000000042', slug: 'han-meimei', name: 'Han Meimei', email: 'Han.Meimei@sf.example', email_verified: true, avatar: 'https://avatar.segmentfault.example/han.png' };
      const first = await loginThroughProvider(site.app, '/segmentfault/login/url');
      expect(first.location).toBe('/users/auth-landing?redirect=%2F');
      const created = await me(site.app, first.cookies.quorum_session!);
      expect(created).toMatchObject({ username: 'han-meimei', display_name: 'Han Meimei', e_mail: 'han.meimei@sf.example', mail_status: 1 });
      const token = sf.requests.filter((r) => r.path === '/oauth/token').at(-1)!;
      expect(Object.fromEntries(new URLSearchParams(token.body))).toMatchObject({ grant_type: 'authorization_code', redirect_uri: CALLBACK, client_id: sf.client_id, client_secret: sf.client_secret });

      const second = await loginThroughProvider(site.app, '/segmentfault/login/url');
      expect((await me(site.app, second.cookies.quorum_session!)).id).toBe(created.id);
    });

    it('binds the login to the browser that asked for the URL, and refuses its callback URL replayed in another browser', async (t) => {
      if (!site) return t.skip();
      sf.account = { id: '1030000000077', slug: 'mallory', name: 'Mallory', email: 'mallory@sf.example', email_verified: true };
      const starter = new CookieJar();
      const asked = await site.app.inject({ method: 'GET', url: `${V1}/segmentfault/login/url` });
      expect(String(asked.headers['set-cookie'])).toMatch(/^quorum_uc_state=[\w-]{43}; Max-Age=600; Path=\/answer\/api\/v1\/user-center\/; HttpOnly; SameSite=Lax$/);
      // The provider's redirect back, kept instead of followed, then handed to someone else.
      const callback = await atProvider((await loginUrl(site.app, '/segmentfault/login/url', undefined, starter)).redirect_url);
      const noCookie = await hop(site.app, callback);
      expect(noCookie.location).toBe('/user-center/auth-failed?error=state_mismatch');
      expect(noCookie.cookies.quorum_session).toBeUndefined();
      const other = new CookieJar();
      const ownUrl = (await loginUrl(site.app, '/segmentfault/login/url', undefined, other)).redirect_url;
      const replayed = await hop(site.app, callback, other);
      expect(replayed.location).toBe('/user-center/auth-failed?error=state_mismatch');
      expect(replayed.cookies.quorum_session).toBeUndefined();
      expect(await site.app.quorum.database!.kysely.selectFrom('users').select('id').where('e_mail', '=', 'mallory@sf.example').execute()).toEqual([]);

      const back = await hop(site.app, callback, starter);
      expect(back.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(site.app, back.cookies.quorum_session!)).e_mail).toBe('mallory@sf.example');
      expect(starter.keys()).not.toContain('quorum_uc_state;/answer/api/v1/user-center/');
      // The other browser's own login was left alone.
      sf.account = { id: '1030000000078', slug: 'victor', name: 'Victor', email: 'victor@sf.example', email_verified: true };
      const own = await hop(site.app, await atProvider(ownUrl), other);
      expect((await me(site.app, own.cookies.quorum_session!)).e_mail).toBe('victor@sf.example');
    });

    it('links an unverified address to its account only after the member proves it', async (t) => {
      if (!site) return t.skip();
      const existing = await registerUser(site.app, 'polly');
      sf.account = { id: '1030000000043', slug: 'polly-sf', name: 'Polly', email: 'polly@example.com', email_verified: false };
      const hopped = await loginThroughProvider(site.app, '/segmentfault/login/url');
      expect(hopped.location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]{43}$/);
      expect(hopped.cookies.quorum_session).toBeUndefined();
      const bindingKey = new URL(hopped.location, 'http://x').searchParams.get('binding_key');
      const r = await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'polly@example.com' } });
      expect(r.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
      const linked = await site.app.quorum.database!.kysely.selectFrom('external_logins').select('user_id').where('user_id', '=', existing.id).execute();
      expect(linked).toEqual([]);
    });

    it('refuses a forged or replayed state, a declined authorization and an expired code', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      sf.account = { id: '1030000000042', slug: 'han-meimei', name: 'Han Meimei', email: 'han.meimei@sf.example', email_verified: true };
      const callback = await atProvider((await loginUrl(site.app, '/segmentfault/login/url', undefined, browser)).redirect_url);
      const forged = new URL(callback, 'http://x');
      forged.searchParams.set('state', 'C'.repeat(43));
      expect((await hop(site.app, forged.pathname + forged.search, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');
      expect((await hop(site.app, callback, browser)).location).toBe('/users/auth-landing?redirect=%2F');
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');

      sf.declineNext = true;
      const declined = await atProvider((await loginUrl(site.app, '/segmentfault/login/url', undefined, browser)).redirect_url);
      expect(new URL(declined, 'http://x').searchParams.get('error')).toBe('access_denied');
      expect((await hop(site.app, declined, browser)).location).toBe('/user-center/auth-failed?error=provider_error');

      const expired = await atProvider((await loginUrl(site.app, '/segmentfault/login/url', undefined, browser)).redirect_url);
      sf.grants.expireCodes();
      expect((await hop(site.app, expired, browser)).location).toBe('/user-center/auth-failed?error=code_refused');
    });

    it('refuses everything once the plugin is off', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const callback = await atProvider((await loginUrl(site.app, '/segmentfault/login/url', undefined, browser)).redirect_url);
      await setPluginEnabled(site.app, admin, SLUG, false);
      expect((await call(site.app, 'GET', `${V1}/segmentfault/login/url`)).status).toBe(404);
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=disabled');
    });
  });
}
