import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeCom, type FakeWeCom } from '@quorum/plugin-user-center-wecom/testkit';
import { DIALECTS, ADMIN, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { allowLocalProviders, CookieJar, hop } from '../connector/provider.testkit.js';

const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
const SLUG = 'user_center_wecom';
const IN_WECOM = 'Mozilla/5.0 (Linux; Android 14) wxwork/4.1.22 MicroMessenger/7.0.1';

// The fake WeCom listens on 127.0.0.1 (the outbound address guard's opt-out).
allowLocalProviders();

for (const dialect of DIALECTS) {
  describe(`external user center (WeCom) on ${dialect}`, () => {
    let site: TestSite | undefined;
    let wecom: FakeWeCom;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      wecom = await startFakeWeCom();
    });
    afterAll(async () => {
      await site?.close();
      await wecom?.stop();
    });

    const app = () => site!.app;
    const kysely = () => site!.app.quorum.database!.kysely;
    const setStatus = (slug: string, enabled: boolean) => call(app(), 'PUT', `${ADMIN_API}/plugin/status`, { token: admin, body: { plugin_slug_name: slug, enabled } });
    const configure = (fields: Record<string, string | boolean>) =>
      call(app(), 'PUT', `${ADMIN_API}/plugin/config`, { token: admin, body: { plugin_slug_name: SLUG, config_fields: { corp_id: wecom.corpId, agent_id: wecom.agentId, secret: wecom.secret, api_base_url: wecom.url, ...fields } } });
    const me = async (session: string) => (await app().inject({ method: 'GET', url: `${V1}/user/info`, cookies: { quorum_session: session } })).json().data;
    /** GET as the browser of `jar` (its cookies sent, the answer's kept). */
    const get = async (url: string, jar: CookieJar, headers: Record<string, string> = {}) => {
      const cookie = jar.header(new URL(url, 'http://x').pathname);
      const r = await app().inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
      jar.store(r.headers['set-cookie']);
      return r;
    };
    /** The /user-center/auth page asks for a QR code, in the browser of `jar` (a fresh one by default). */
    const qr = async (headers: Record<string, string> = {}, jar = new CookieJar()) => {
      const r = await get(`${V1}/wecom/login/url`, jar, headers);
      expect(r.statusCode).toBe(200);
      return r.json().data as { redirect_url: string; key: string; in_app: boolean };
    };
    /** The page's poll, in the browser of `jar` (one without cookies by default). */
    const check = (key: string, jar = new CookieJar()) => get(`${V1}/wecom/login/check?key=${encodeURIComponent(key)}`, jar);
    const sessionOf = (setCookie: unknown) => /quorum_session=([^;]+)/.exec(String(setCookie ?? ''))?.[1];
    /** The member scans the QR code: the phone (a browser of its own, `jar`) opens the callback; returns that hop. */
    const scan = async (qrUrl: string, userid = 'zhangsan', jar = new CookieJar()) => {
      const { callback } = await wecom.scan(qrUrl, userid);
      const u = new URL(callback);
      return hop(app(), u.pathname + u.search, jar);
    };

    it('answers agent off, and no plugin routes, while no user center is on', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', `${V1}/user-center/agent`)).body.data).toEqual({ enabled: false, agent_info: null });
      expect((await call(app(), 'GET', `${V1}/wecom/login/url`)).status).toBe(404);
      expect(await hop(app(), `${V1}/user-center/login/redirect`)).toMatchObject({ status: 302, location: '/user-center/auth-failed?error=disabled' });
      expect((await call(app(), 'GET', `${ADMIN_API}/user-center/agent`, { token: admin })).body.data).toEqual({ allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true });
    });

    it('configures WeCom (secret masked) and describes the agent once it is on', async (t) => {
      if (!site) return t.skip();
      expect((await configure({ agent_id: 'not-a-number' })).status).toBe(400);
      expect((await configure({})).status).toBe(200);
      const form = (await call(app(), 'GET', `${ADMIN_API}/plugin/config?plugin_slug_name=${SLUG}`, { token: admin })).body.data;
      expect(JSON.stringify(form)).not.toContain(wecom.secret);
      expect((await setStatus(SLUG, true)).status).toBe(200);

      const agent = (await call(app(), 'GET', `${V1}/user-center/agent`)).body.data;
      expect(agent.enabled).toBe(true);
      expect(agent.agent_info).toMatchObject({
        name: 'WeCom',
        display_name: 'WeCom',
        login_redirect_url: 'http://localhost:9080/answer/api/v1/user-center/login/redirect',
        sign_up_redirect_url: 'http://localhost:9080/answer/api/v1/user-center/sign-up/redirect',
        enabled_original_user_system: true,
        qr_login: { url_path: '/wecom/login/url', check_path: '/wecom/login/check' },
      });
      expect(Buffer.from(agent.agent_info.icon, 'base64').toString()).toContain('<svg');
      expect(await hop(app(), `${V1}/user-center/login/redirect`)).toMatchObject({ status: 302, location: '/user-center/auth' });
      expect(await hop(app(), `${V1}/user-center/sign-up/redirect`)).toMatchObject({ status: 302, location: '/user-center/auth' });
    });

    it('refuses to switch on a second user-center plugin while one is on', async (t) => {
      if (!site) return t.skip();
      const list = (await call(app(), 'GET', `${ADMIN_API}/plugins`, { token: admin })).body.data as { slug_name: string; kinds: string[]; enabled: boolean }[];
      const other = list.find((p) => p.kinds.includes('user-center') && p.slug_name !== SLUG);
      expect(other).toBeDefined();
      const refused = await setStatus(other!.slug_name, true);
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toBe('error.plugin.user_center_already_enabled');
      expect(refused.body.msg).toBe('Another user-center plugin is on. Only one can be on at a time: turn it off first.');
      const after = (await call(app(), 'GET', `${ADMIN_API}/plugins`, { token: admin })).body.data as { slug_name: string; enabled: boolean }[];
      expect(after.filter((p) => p.enabled).map((p) => p.slug_name)).toEqual([SLUG]);
    });

    it('logs the desktop in through the QR code: the first login creates the member, the poll gets its own session', async (t) => {
      if (!site) return t.skip();
      const desktop = new CookieJar();
      const { redirect_url, key, in_app } = await qr({}, desktop);
      expect(in_app).toBe(false);
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const auth = new URL(redirect_url);
      expect(auth.origin + auth.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(Object.fromEntries(auth.searchParams)).toMatchObject({ appid: wecom.corpId, agentid: wecom.agentId, state: key, response_type: 'code', scope: 'snsapi_privateinfo', redirect_uri: 'http://localhost:9080/answer/api/v1/user-center/login/callback' });

      const waiting = await check(key, desktop);
      expect(waiting.json().data).toEqual({ is_login: false });
      expect(sessionOf(waiting.headers['set-cookie'])).toBeUndefined();

      // The phone is another browser: it confirms the scan and is signed in nowhere.
      const phone = await scan(redirect_url);
      expect(phone).toMatchObject({ status: 302, location: '/' });
      expect(phone.cookies.quorum_session).toBeUndefined();

      const confirmed = await check(key, desktop);
      expect(confirmed.json().data).toEqual({ is_login: true });
      const session = sessionOf(confirmed.headers['set-cookie'])!;
      expect(session).toBeTruthy();
      const member = await me(session);
      expect(member).toMatchObject({ username: 'zhangsan', display_name: 'Zhang San', e_mail: 'zhangsan@corp.example', mail_status: 1 });
      // The login is taken once.
      const again = await check(key, desktop);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ reason: 'error.user_center.refused', data: { kind: 'login_unavailable' } });
      const linked = await kysely().selectFrom('external_logins').select(['user_id', 'external_id']).where('provider', '=', SLUG).execute();
      expect(linked).toEqual([{ user_id: member.id, external_id: 'zhangsan' }]);
    });

    it('binds the QR login to the browser that showed the code: HttpOnly cookies on the callback and poll paths, and a poll from another browser (one that saw the code) gets nothing', async (t) => {
      if (!site) return t.skip();
      const desktop = new CookieJar();
      const r = await get(`${V1}/wecom/login/url`, desktop);
      const cookies = ([] as string[]).concat(r.headers['set-cookie'] as string[] | string);
      const value = /^quorum_uc_state=([\w-]{43});/.exec(cookies[0]!)?.[1];
      expect(cookies).toEqual([
        `quorum_uc_state=${value}; Max-Age=300; Path=/answer/api/v1/user-center/; HttpOnly; SameSite=Lax`,
        `quorum_uc_poll=${value}; Max-Age=300; Path=/answer/api/v1/wecom/login/check; HttpOnly; SameSite=Lax`,
      ]);
      const { redirect_url, key } = r.json().data as { redirect_url: string; key: string };
      expect((await scan(redirect_url)).location).toBe('/');
      // The key is in the QR code for anyone to read; another browser polling with it gets no session.
      const onlooker = await check(key, new CookieJar());
      expect(onlooker.statusCode).toBe(400);
      expect(onlooker.json().data).toMatchObject({ kind: 'login_unavailable' });
      expect(sessionOf(onlooker.headers['set-cookie'])).toBeUndefined();
      const confirmed = await check(key, desktop);
      expect(confirmed.json().data).toEqual({ is_login: true });
      expect((await me(sessionOf(confirmed.headers['set-cookie'])!)).username).toBe('zhangsan');
      expect(desktop.keys()).not.toContain('quorum_uc_poll;/answer/api/v1/wecom/login/check');
    });

    it("inside WeCom logs in the browser that started, and refuses that login's callback URL in any other browser", async (t) => {
      if (!site) return t.skip();
      const phone = new CookieJar();
      const { redirect_url, in_app } = await qr({ 'user-agent': IN_WECOM }, phone);
      expect(in_app).toBe(true);
      expect(phone.keys()).toEqual(['quorum_uc_state;/answer/api/v1/user-center/']);
      const { callback } = await wecom.scan(redirect_url, 'zhangsan');
      const path = new URL(callback).pathname + new URL(callback).search;
      for (const other of [undefined, new CookieJar()]) {
        const replayed = await hop(app(), path, other);
        expect(replayed).toMatchObject({ status: 302, location: '/user-center/auth-failed?error=state_mismatch' });
        expect(replayed.cookies.quorum_session).toBeUndefined();
      }
      const own = await hop(app(), path, phone);
      expect(own.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(own.cookies.quorum_session!)).username).toBe('zhangsan');
      expect(phone.keys()).not.toContain('quorum_uc_state;/answer/api/v1/user-center/');
    });

    it('asks a member without a company mailbox for an e-mail proof only in the browser that started the login', async (t) => {
      if (!site) return t.skip();
      wecom.members.set('lisi', { userid: 'lisi', name: 'Li Si', email: 'li.si@example.com' });
      const desktop = new CookieJar();
      const code = await qr({}, desktop);
      expect(await scan(code.redirect_url, 'lisi')).toMatchObject({ status: 302, location: '/user-center/auth-failed?error=needs_same_device' });
      expect((await check(code.key, desktop)).json().data).toEqual({ is_login: false });
      const phone = new CookieJar();
      const inApp = await qr({ 'user-agent': IN_WECOM }, phone);
      expect((await scan(inApp.redirect_url, 'lisi', phone)).location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]{43}$/);
    });

    it('logs the same member in on the second login', async (t) => {
      if (!site) return t.skip();
      const first = (await kysely().selectFrom('external_logins').select('user_id').where('provider', '=', SLUG).where('external_id', '=', 'zhangsan').executeTakeFirstOrThrow()).user_id;
      const browser = new CookieJar();
      const { redirect_url, key } = await qr({}, browser);
      expect((await scan(redirect_url)).status).toBe(302);
      const desktop = sessionOf((await check(key, browser)).headers['set-cookie'])!;
      expect((await me(desktop)).id).toBe(first);
      const count = await kysely().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('username', 'like', 'zhangsan%').executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('goes straight to the authorization URL inside WeCom', async (t) => {
      if (!site) return t.skip();
      expect((await qr({ 'user-agent': IN_WECOM })).in_app).toBe(true);
    });

    it('refuses unknown, malformed and expired keys', async (t) => {
      if (!site) return t.skip();
      for (const key of ['0'.repeat(32), 'not-a-key', '']) {
        const r = await check(key);
        expect(r.statusCode).toBe(400);
        expect(r.json().data.kind).toBe('key_invalid');
      }
      const { key } = await qr();
      await kysely().updateTable('plugin_store').set({ expires_at: 1 }).where('slug_name', '=', SLUG).where('store_key', '=', `qr:${key}`).execute();
      expect((await check(key)).statusCode).toBe(400);
    });

    it('sends refused logins to /user-center/auth-failed and signs no one in', async (t) => {
      if (!site) return t.skip();
      // WeCom refuses the code.
      const a = await qr();
      wecom.nextUserInfoError = { errcode: 40029, errmsg: 'invalid code' };
      expect(await scan(a.redirect_url)).toMatchObject({ status: 302, location: '/user-center/auth-failed?error=code_refused', cookies: {} });
      expect((await check(a.key)).json().data).toEqual({ is_login: false });
      // A state the site never handed out (CSRF), and a callback without a code (the member said no).
      const forged = (await wecom.scan(a.redirect_url, 'zhangsan')).callback.replace(/state=[^&]+/, `state=${'f'.repeat(32)}`);
      expect(await hop(app(), new URL(forged).pathname + new URL(forged).search)).toMatchObject({ location: '/user-center/auth-failed?error=state_mismatch', cookies: {} });
      expect(await hop(app(), `${V1}/user-center/login/callback?state=${a.key}`)).toMatchObject({ location: '/user-center/auth-failed?error=provider_error', cookies: {} });
      // Someone outside the company, a member who left, a member without any e-mail address.
      wecom.members.set('left', { userid: 'left', name: 'Left', biz_mail: 'left@corp.example', status: 5 });
      wecom.members.set('nomail', { userid: 'nomail', name: 'No Mail' });
      expect(await scan(a.redirect_url, 'stranger')).toMatchObject({ location: '/user-center/auth-failed?error=not_member', cookies: {} });
      expect(await scan(a.redirect_url, 'left')).toMatchObject({ location: '/user-center/auth-failed?error=user_not_available', cookies: {} });
      expect(await scan(a.redirect_url, 'nomail')).toMatchObject({ location: '/user-center/auth-failed?error=no_email', cookies: {} });
      expect((await check(a.key)).json().data).toEqual({ is_login: false });
    });

    it('refuses password login and sign-up when WeCom is the only way in, and gives user functions back to WeCom', async (t) => {
      if (!site) return t.skip();
      await registerUser(site.app, 'pat');
      expect((await configure({ password_login: false })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user-center/agent`)).body.data.agent_info.enabled_original_user_system).toBe(false);
      const login = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      expect(login.status).toBe(400);
      expect(login.body.reason).toBe('error.user.original_user_system_disabled');
      const signUp = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'newbie', e_mail: 'newbie@example.com', pass: 'newbie-pass-1' } });
      expect(signUp.body.reason).toBe('error.user.original_user_system_disabled');
      expect((await call(app(), 'GET', `${ADMIN_API}/user-center/agent`, { token: admin })).body.data).toMatchObject({ allow_create_user: false, allow_update_user_password: false, allow_update_user_status: true });
      expect((await configure({ password_login: true })).status).toBe(200);
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } })).status).toBe(200);
    });

    it("keeps the site's own settings pages and shows no profile links (WeCom names none)", async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const { redirect_url, key } = await qr({}, browser);
      await scan(redirect_url);
      const session = sessionOf((await check(key, browser)).headers['set-cookie'])!;
      const settings = await app().inject({ method: 'GET', url: `${V1}/user-center/user/settings`, cookies: { quorum_session: session } });
      expect(settings.json().data).toEqual({ profile_setting_agent: { enabled: false, redirect_url: '' }, account_setting_agent: { enabled: false, redirect_url: '' } });
      expect((await call(app(), 'GET', `${V1}/user-center/user/settings`)).status).toBe(401);
      expect((await call(app(), 'GET', `${V1}/user-center/personal/branding?username=zhangsan`)).body.data).toEqual({ enabled: false, personal_branding: [] });
      expect((await call(app(), 'GET', `${V1}/user-center/personal/branding`)).status).toBe(400);
    });

    it('serves the login steps to anonymous visitors of a private site, and nothing else', async (t) => {
      if (!site) return t.skip();
      const login = (await call(app(), 'GET', `${ADMIN_API}/siteinfo/login`, { token: admin })).body.data;
      expect((await call(app(), 'PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, body: { ...login, login_required: true } })).status).toBe(200);
      try {
        expect((await call(app(), 'GET', `${V1}/user-center/agent`)).body.data.enabled).toBe(true);
        expect(await hop(app(), `${V1}/user-center/login/redirect`)).toMatchObject({ status: 302, location: '/user-center/auth' });
        const browser = new CookieJar();
        const { redirect_url, key } = await qr({}, browser);
        expect((await scan(redirect_url)).location).toBe('/');
        expect((await check(key, browser)).json().data).toEqual({ is_login: true });
        expect((await call(app(), 'GET', `${V1}/user-center/personal/branding?username=zhangsan`)).status).toBe(401);
      } finally {
        await call(app(), 'PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, body: login });
      }
    });

    it('refuses every step of a switched-off plugin from the next request on', async (t) => {
      if (!site) return t.skip();
      const { redirect_url, key } = await qr();
      expect((await setStatus(SLUG, false)).status).toBe(200);
      expect(await scan(redirect_url)).toMatchObject({ location: '/user-center/auth-failed?error=disabled', cookies: {} });
      expect((await check(key)).statusCode).toBe(404);
      expect((await call(app(), 'GET', `${V1}/wecom/login/url`)).status).toBe(404);
      expect((await call(app(), 'GET', `${V1}/user-center/agent`)).body.data).toEqual({ enabled: false, agent_info: null });
    });
  });
}
