import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeChat, type FakeWeChat } from '@quorum/user-center-testkit';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { allowLocalProviders, atProvider, CookieJar, bindNewEmail, configurePlugin, hop, loginThroughProvider, loginUrl, me, setPluginEnabled } from './provider-login.testkit.js';

const V1 = '/answer/api/v1';
const SLUG = 'user_center_wechat';
const CALLBACK = 'http://localhost:9080/answer/api/v1/user-center/login/callback';
const IN_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en';
const IN_WECOM = `${IN_WECHAT} wxwork/4.1.20`;

// The fake provider listens on 127.0.0.1 (the outbound address guard's opt-out).
allowLocalProviders();

for (const dialect of DIALECTS) {
  describe(`WeChat user center on ${dialect}`, () => {
    let site: TestSite | undefined;
    let wechat: FakeWeChat;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      wechat = await startFakeWeChat();
      await configurePlugin(site.app, admin, SLUG, {
        app_id: wechat.website.app_id,
        app_secret: wechat.website.app_secret,
        mp_app_id: wechat.official_account.app_id,
        mp_app_secret: wechat.official_account.app_secret,
        open_base_url: wechat.url,
        api_base_url: wechat.url,
      });
      await setPluginEnabled(site.app, admin, SLUG, true);
    });
    afterAll(async () => {
      await site?.close();
      await wechat?.stop();
    });

    it('sends a computer to the QR login of the website application, and WeChat\'s browser to the official account', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'GET', `${V1}/user-center/agent`)).body.data.agent_info).toMatchObject({ name: 'WeChat', qr_login: { url_path: '/wechat/login/url', check_path: '/wechat/login/check' } });
      const desktop = new URL((await loginUrl(site.app, '/wechat/login/url')).redirect_url);
      expect(desktop.origin + desktop.pathname).toBe(`${wechat.url}/connect/qrconnect`);
      expect(desktop.hash).toBe('#wechat_redirect');
      expect(Object.fromEntries(desktop.searchParams)).toMatchObject({ appid: wechat.website.app_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'snsapi_login' });
      expect(desktop.searchParams.get('state')).toMatch(/^[\w-]{43}$/);

      const inApp = new URL((await loginUrl(site.app, '/wechat/login/url', IN_WECHAT)).redirect_url);
      expect(inApp.pathname).toBe('/connect/oauth2/authorize');
      expect(Object.fromEntries(inApp.searchParams)).toMatchObject({ appid: wechat.official_account.app_id, scope: 'snsapi_userinfo' });
      // WeCom's browser also says MicroMessenger, but is not WeChat's.
      expect(new URL((await loginUrl(site.app, '/wechat/login/url', IN_WECOM)).redirect_url).pathname).toBe('/connect/qrconnect');
    });

    it('creates the member on the first login (WeChat gives no address, so one is asked for) and logs the same member in by unionid from the QR login and from inside WeChat', async (t) => {
      if (!site) return t.skip();
      wechat.account = { unionid: 'union-wang', nickname: 'Wang Wei', headimgurl: 'https://thirdwx.example/wang.png' };
      const first = await loginThroughProvider(site.app, '/wechat/login/url');
      expect(first.location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]{43}&no_email=1$/);
      const token = await bindNewEmail(site.app, first.location, 'wang.wei@example.com');
      const created = (await call(site.app, 'GET', `${V1}/user/info`, { token })).body.data;
      expect(created).toMatchObject({ e_mail: 'wang.wei@example.com', display_name: 'Wang Wei', mail_status: 2 });

      const second = await loginThroughProvider(site.app, '/wechat/login/url');
      expect(second.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(site.app, second.cookies.quorum_session!)).id).toBe(created.id);
      const fromOfficialAccount = await loginThroughProvider(site.app, '/wechat/login/url', IN_WECHAT);
      expect((await me(site.app, fromOfficialAccount.cookies.quorum_session!)).id).toBe(created.id);
      // The code was exchanged with the application the login went through.
      const exchanges = wechat.requests.filter((r) => r.path === '/sns/oauth2/access_token').slice(-2);
      expect(exchanges.map((r) => r.query.get('appid'))).toEqual([wechat.website.app_id, wechat.official_account.app_id]);
    });

    it('uses the openid when the application gives no unionid', async (t) => {
      if (!site) return t.skip();
      wechat.withUnionid = false;
      try {
        wechat.account = { unionid: 'union-zhao', nickname: 'Zhao Liu' };
        const first = await loginThroughProvider(site.app, '/wechat/login/url');
        await bindNewEmail(site.app, first.location, 'zhao@example.com');
        const ids = (await site.app.quorum.database!.kysely.selectFrom('external_logins').select(['external_id']).where('provider', '=', SLUG).execute()).map((r) => r.external_id);
        expect(ids).toContain(wechat.openidOf(wechat.website.app_id, wechat.account));
        expect(ids).not.toContain('union-zhao');
      } finally {
        wechat.withUnionid = true;
      }
    });

    it('refuses a forged or replayed state, a declined login and a used or expired code', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      wechat.account = { unionid: 'union-wang', nickname: 'Wang Wei' };
      const callback = await atProvider((await loginUrl(site.app, '/wechat/login/url', undefined, browser)).redirect_url);
      const forged = new URL(callback, 'http://x');
      forged.searchParams.set('state', 'B'.repeat(43));
      expect((await hop(site.app, forged.pathname + forged.search, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');
      expect((await hop(site.app, callback, browser)).location).toBe('/users/auth-landing?redirect=%2F');
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=state_mismatch');

      wechat.declineNext = true;
      const declined = await atProvider((await loginUrl(site.app, '/wechat/login/url', undefined, browser)).redirect_url);
      expect(new URL(declined, 'http://x').searchParams.has('code')).toBe(false);
      expect((await hop(site.app, declined, browser)).location).toBe('/user-center/auth-failed?error=provider_error');

      // A code WeChat already took (the fake answers errcode 40163), with a state the site did send.
      const used = new URL(callback, 'http://x');
      used.searchParams.set('state', new URL((await loginUrl(site.app, '/wechat/login/url', undefined, browser)).redirect_url).searchParams.get('state')!);
      expect((await hop(site.app, used.pathname + used.search, browser)).location).toBe('/user-center/auth-failed?error=code_refused');

      const expired = await atProvider((await loginUrl(site.app, '/wechat/login/url', undefined, browser)).redirect_url);
      wechat.grants.expireCodes();
      expect((await hop(site.app, expired, browser)).location).toBe('/user-center/auth-failed?error=code_refused');
    });

    it('refuses everything once the plugin is off', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const callback = await atProvider((await loginUrl(site.app, '/wechat/login/url', undefined, browser)).redirect_url);
      await setPluginEnabled(site.app, admin, SLUG, false);
      expect((await call(site.app, 'GET', `${V1}/wechat/login/url`)).status).toBe(404);
      expect((await hop(site.app, callback, browser)).location).toBe('/user-center/auth-failed?error=disabled');
    });
  });
}
