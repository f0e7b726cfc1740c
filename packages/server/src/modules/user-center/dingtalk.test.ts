import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDingTalk, type FakeDingTalk } from '@quorum/user-center-testkit';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { allowLocalProviders, atProvider, CookieJar, bindNewEmail, configurePlugin, hop, loginThroughProvider, loginUrl, me, setPluginEnabled } from './provider-login.testkit.js';

const V1 = '/answer/api/v1';
const SLUG = 'user_center_dingtalk';
const CALLBACK = 'http://localhost:9080/answer/api/v1/user-center/login/callback';

// The fake provider listens on 127.0.0.1 (the outbound address guard's opt-out).
allowLocalProviders();

for (const dialect of DIALECTS) {
  describe(`DingTalk user center on ${dialect}`, () => {
    let site: TestSite | undefined;
    let dingtalk: FakeDingTalk;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      dingtalk = await startFakeDingTalk();
      await configurePlugin(site.app, admin, SLUG, { client_id: dingtalk.client_id, client_secret: dingtalk.client_secret, login_base_url: dingtalk.url, api_base_url: dingtalk.url });
      await setPluginEnabled(site.app, admin, SLUG, true);
    });
    afterAll(async () => {
      await site?.close();
      await dingtalk?.stop();
    });

    it("describes the agent, and its login page sends the browser to DingTalk's sign-in page with a fresh state", async (t) => {
      if (!site) return t.skip();
      const agent = (await call(site.app, 'GET', `${V1}/user-center/agent`)).body.data;
      expect(agent).toMatchObject({ enabled: true, agent_info: { name: 'DingTalk', display_name: 'DingTalk', enabled_original_user_system: true, qr_login: { url_path: '/dingtalk/login/url', check_path: '/dingtalk/login/check' } } });
      expect(Buffer.from(agent.agent_info.icon, 'base64').toString()).toContain('<svg');
      expect((await hop(site.app, `${V1}/user-center/login/redirect`)).location).toBe('/user-center/auth');

      const first = await loginUrl(site.app, '/dingtalk/login/url');
      expect(first.in_app).toBe(true);
      const url = new URL(first.redirect_url);
      expect(url.origin + url.pathname).toBe(`${dingtalk.url}/oauth2/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ redirect_uri: CALLBACK, response_type: 'code', client_id: dingtalk.client_id, scope: 'openid', prompt: 'consent' });
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      const second = new URL((await loginUrl(site.app, '/dingtalk/login/url')).redirect_url);
      expect(second.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
      expect((await call(site.app, 'GET', `${V1}/dingtalk/login/check?key=x`)).body.data).toEqual({ is_login: false });
    });

    it('creates the member on the first login (the address, which DingTalk does not vouch for, is asked for) and logs the same member in on the second', async (t) => {
      if (!site) return t.skip();
      dingtalk.account = { unionId: 'union-zhang', openId: 'open-zhang', nick: 'Zhang San', email: 'Zhang.San@corp.example', avatarUrl: 'https://static.dingtalk.example/zhang.png' };
      const first = await loginThroughProvider(site.app, '/dingtalk/login/url');
      expect(first.status).toBe(302);
      expect(first.location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]{43}$/);
      expect(first.cookies.quorum_session).toBeUndefined();
      const token = await bindNewEmail(site.app, first.location, 'zhang.san@corp.example');
      const created = (await call(site.app, 'GET', `${V1}/user/info`, { token })).body.data;
      expect(created).toMatchObject({ e_mail: 'zhang.san@corp.example', display_name: 'Zhang San' });

      // DingTalk was called as documented: a JSON token request with the client's credentials, then users/me.
      const tokenCall = dingtalk.requests.filter((r) => r.path === '/v1.0/oauth2/userAccessToken').at(-1)!;
      expect(JSON.parse(tokenCall.body)).toMatchObject({ clientId: dingtalk.client_id, clientSecret: dingtalk.client_secret, grantType: 'authorization_code' });
      expect(dingtalk.requests.filter((r) => r.path === '/v1.0/contact/users/me').at(-1)!.headers['x-acs-dingtalk-access-token']).toMatch(/^[0-9a-f]{32}$/);

      const second = await loginThroughProvider(site.app, '/dingtalk/login/url');
      expect(second.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(site.app, second.cookies.quorum_session!)).id).toBe(created.id);
      const linked = await site.app.quorum.database!.kysely.selectFrom('external_logins').select(['user_id']).where('provider', '=', SLUG).where('external_id', '=', 'union-zhang').execute();
      expect(linked).toEqual([{ user_id: created.id }]);
    });

    it('refuses a callback whose state the site did not send, and a callback used twice', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      dingtalk.account = { unionId: 'union-li', openId: 'open-li', nick: 'Li Si' };
      const callback = await atProvider((await loginUrl(site.app, '/dingtalk/login/url', undefined, browser)).redirect_url);
      const forged = new URL(callback, 'http://x');
      forged.searchParams.set('state', 'A'.repeat(43));
      expect((await hop(site.app, forged.pathname + forged.search, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');

      expect((await hop(site.app, callback, browser)).location).toMatch(/^\/users\/confirm-email\?/);
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');
    });

    it('sends a declined sign-in and a refused code to the auth-failed page', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      dingtalk.declineNext = true;
      expect((await loginThroughProvider(site.app, '/dingtalk/login/url')).location).toBe('/user-center/auth-failed?error=provider_error');

      const callback = await atProvider((await loginUrl(site.app, '/dingtalk/login/url', undefined, browser)).redirect_url);
      dingtalk.grants.expireCodes();
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=code_refused');
    });

    it('refuses everything once the plugin is off', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const callback = await atProvider((await loginUrl(site.app, '/dingtalk/login/url', undefined, browser)).redirect_url);
      await setPluginEnabled(site.app, admin, SLUG, false);
      expect((await call(site.app, 'GET', `${V1}/dingtalk/login/url`)).status).toBe(404);
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=disabled');
      expect((await call(site.app, 'GET', `${V1}/user-center/agent`)).body.data).toEqual({ enabled: false, agent_info: null });
    });
  });
}
