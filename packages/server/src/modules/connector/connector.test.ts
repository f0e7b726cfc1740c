import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { atProvider, CookieJar, enableOidc, hop, loginThroughProvider, startProvider, type TestProvider } from './provider.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`third-party login (OpenID Connect) on ${dialect}`, () => {
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

    const kysely = () => site!.app.quorum.database!.kysely;
    const me = async (session: string) => (await site!.app.inject({ method: 'GET', url: `${V1}/user/info`, cookies: { quorum_session: session } })).json().data;

    it('lists the enabled connector with its icon and login link', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${V1}/connector/info`);
      expect(r.body.data).toHaveLength(1);
      expect(r.body.data[0]).toMatchObject({ name: 'Company SSO', link: 'http://localhost:9080/answer/api/v1/connector/login/connector_oidc' });
      expect(Buffer.from(r.body.data[0].icon, 'base64').toString()).toContain('<svg');
    });

    it('sends the browser to the provider with PKCE, state and nonce', async (t) => {
      if (!site) return t.skip();
      const start = await hop(site.app, `${V1}/connector/login/connector_oidc`);
      expect(start.status).toBe(302);
      const url = new URL(start.location);
      expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:9080/answer/api/v1/connector/redirect/connector_oidc');
    });

    it('binds the attempt to the starting browser: an HttpOnly, SameSite=Lax state cookie on the callback path, for the 10 minutes of the state', async (t) => {
      if (!site) return t.skip();
      const start = await site.app.inject({ method: 'GET', url: `${V1}/connector/login/connector_oidc` });
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const cookie = String(start.headers['set-cookie']);
      expect(cookie).toBe(`quorum_login_state=${state}; Max-Age=600; Path=/answer/api/v1/connector/redirect/connector_oidc; HttpOnly; SameSite=Lax`);
    });

    it('refuses a callback URL replayed in another browser, with no cookie or with its own, and still logs the starting browser in', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'mallory-1', email: 'mallory@idp.example', email_verified: true, name: 'Mallory' };
      const attacker = new CookieJar();
      const start = await hop(site.app, `${V1}/connector/login/connector_oidc`, attacker);
      // The provider's redirect back, kept instead of followed, then handed to a victim.
      const callback = await atProvider(start.location);

      const noCookie = await hop(site.app, callback);
      expect(noCookie).toMatchObject({ status: 302, location: '/users/auth-landing?error=state_mismatch' });
      expect(noCookie.cookies.quorum_session).toBeUndefined();
      // A victim in the middle of their own login: refused too, and their own login is left alone.
      const victim = new CookieJar();
      const own = await hop(site.app, `${V1}/connector/login/connector_oidc`, victim);
      expect(own.cookies.quorum_login_state).toBeTruthy();
      const replayed = await hop(site.app, callback, victim);
      expect(replayed).toMatchObject({ status: 302, location: '/users/auth-landing?error=state_mismatch' });
      expect(replayed.cookies.quorum_session).toBeUndefined();
      expect(await kysely().selectFrom('users').select('id').where('e_mail', '=', 'mallory@idp.example').execute()).toEqual([]);

      const back = await hop(site.app, callback, attacker);
      expect(back.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(back.cookies.quorum_session!)).e_mail).toBe('mallory@idp.example');
      // The callback cleared the state cookie.
      expect(attacker.keys().sort()).toEqual(['quorum_csrf;/', 'quorum_session;/']);

      idp.account = { sub: 'victor-1', email: 'victor@idp.example', email_verified: true, name: 'Victor' };
      const victimBack = await hop(site.app, await atProvider(own.location), victim);
      expect((await me(victimBack.cookies.quorum_session!)).e_mail).toBe('victor@idp.example');
    });

    it("refuses a member's bind link opened in a browser that did not list it, and links nothing", async (t) => {
      if (!site) return t.skip();
      const gwen = await registerUser(site.app, 'gwen');
      const listed = await call(site.app, 'GET', `${V1}/connector/user/info`, { token: gwen.token });
      expect(String(listed.headers['set-cookie'])).toMatch(/^quorum_login_state=[\w-]{43}; Max-Age=1800; Path=\/answer\/api\/v1\/connector\/redirect\/connector_oidc; HttpOnly; SameSite=Lax$/);
      const link = new URL(listed.body.data[0].link);
      // Someone else's browser opens Gwen's link and signs in at the provider with their own account.
      idp.account = { sub: 'intruder-1', email: 'intruder@idp.example', email_verified: true };
      const other = new CookieJar();
      const start = await hop(site.app, link.pathname + link.search, other);
      expect(start.cookies.quorum_login_state).toBeUndefined();
      expect(await hop(site.app, await atProvider(start.location), other)).toMatchObject({ location: '/users/auth-landing?error=state_mismatch' });
      expect((await call(site.app, 'GET', `${V1}/connector/user/info`, { token: gwen.token })).body.data[0]).toMatchObject({ binding: false, external_id: '' });
    });

    it('creates the account on the first login and logs the same account in on the second', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'alice-1', email: 'Alice@IdP.example', email_verified: true, name: 'Alice Example', preferred_username: 'alice' };
      const first = await loginThroughProvider(site.app, 'connector_oidc', '/questions/ask');
      expect(first.status).toBe(302);
      expect(first.location).toBe('/users/auth-landing?redirect=%2Fquestions%2Fask');
      expect(first.cookies.quorum_session).toBeTruthy();
      const user = await me(first.cookies.quorum_session!);
      expect(user).toMatchObject({ username: 'alice', e_mail: 'alice@idp.example', display_name: 'Alice Example', mail_status: 1 });
      const row = await kysely().selectFrom('users').select(['pass']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.pass).toBe('');

      const second = await loginThroughProvider(site.app);
      expect(second.location).toBe('/users/auth-landing?redirect=%2F');
      expect((await me(second.cookies.quorum_session!)).id).toBe(user.id);
      const count = await kysely().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('e_mail', '=', 'alice@idp.example').executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('links a provider-verified address to the account that has it', async (t) => {
      if (!site) return t.skip();
      const carol = await registerUser(site.app, 'carol');
      idp.account = { sub: 'carol-1', email: 'carol@example.com', email_verified: true, name: 'Carol' };
      const hopped = await loginThroughProvider(site.app);
      expect((await me(hopped.cookies.quorum_session!)).id).toBe(carol.id);
    });

    it('asks for an e-mail proof when the provider did not verify the address, then binds by the mailed link', async (t) => {
      if (!site) return t.skip();
      const bob = await registerUser(site.app, 'bob');
      idp.account = { sub: 'bob-1', email: 'bob@example.com', email_verified: false, name: 'Bob' };
      const hopped = await loginThroughProvider(site.app);
      expect(hopped.location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]{43}$/);
      expect(hopped.cookies.quorum_session).toBeUndefined();
      const bindingKey = new URL(hopped.location, 'http://x').searchParams.get('binding_key')!;

      const warn = await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'bob@example.com' } });
      expect(warn.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
      const sent = await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'bob@example.com', must: true } });
      expect(sent.body.data.email_exist_and_must_be_confirmed).toBe(false);
      const mail = await kysely().selectFrom('outbox').select('payload').orderBy('created_at', 'desc').execute();
      const payload = mail.map((m) => JSON.parse(m.payload)).find((p) => p.to === 'bob@example.com' && /confirm-email\?code=/.test(p.text));
      expect(payload).toBeTruthy();
      const code = decodeURIComponent(/confirm-email\?code=([\w%-]+)/.exec(payload.text)![1]!);

      const confirm = await site.app.inject({ method: 'POST', url: `${V1}/connector/binding/confirm`, payload: { code } });
      expect(confirm.statusCode).toBe(200);
      const session = String(confirm.headers['set-cookie']).match(/quorum_session=([^;]+)/)![1]!;
      expect((await me(session)).id).toBe(bob.id);
      expect((await call(site.app, 'POST', `${V1}/connector/binding/confirm`, { body: { code } })).status).toBe(403);
      // From now on the provider account logs Bob in directly.
      const again = await loginThroughProvider(site.app);
      expect((await me(again.cookies.quorum_session!)).id).toBe(bob.id);
    });

    it('creates a not-activated account for an address the member typed when the provider gave none', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'dave-1', name: 'Dave' };
      const hopped = await loginThroughProvider(site.app);
      expect(hopped.location).toMatch(/&no_email=1$/);
      const bindingKey = new URL(hopped.location, 'http://x').searchParams.get('binding_key')!;
      const r = await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'dave@example.com' } });
      expect(r.status).toBe(200);
      const user = (await call(site.app, 'GET', `${V1}/user/info`, { token: r.body.data.access_token })).body.data;
      expect(user).toMatchObject({ e_mail: 'dave@example.com', mail_status: 2 });
      expect((await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'dave2@example.com' } })).status).toBe(404);
    });

    it('shows linked connectors in account settings and refuses to remove the last way to log in', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'erin-1', email: 'erin@idp.example', email_verified: true, name: 'Erin' };
      const erin = (await loginThroughProvider(site.app)).cookies.quorum_session!;
      const info = await site.app.inject({ method: 'GET', url: `${V1}/connector/user/info`, cookies: { quorum_session: erin } });
      expect(info.json().data).toEqual([expect.objectContaining({ name: 'Company SSO', binding: true, external_id: 'erin-1' })]);
      const csrf = (await import('../../core/session-cookie.js')).csrfTokenFor(erin);
      const refuse = await site.app.inject({ method: 'DELETE', url: `${V1}/connector/user/unbinding`, cookies: { quorum_session: erin }, headers: { 'x-csrf-token': csrf }, payload: { external_id: 'erin-1' } });
      expect(refuse.statusCode).toBe(400);
      expect(refuse.json().reason).toBe('error.user.external_login_unbinding_forbidden');

      // A member with a password may unlink; the settings list then offers a bind link with its own state.
      const frank = await registerUser(site.app, 'frank');
      const unbound = await call(site.app, 'GET', `${V1}/connector/user/info`, { token: frank.token });
      expect(unbound.body.data[0]).toMatchObject({ binding: false, external_id: '' });
      const bindLink = new URL(unbound.body.data[0].link);
      expect(bindLink.searchParams.get('state')).toBeTruthy();
      // The listing bound the link's state to Frank's browser.
      const browser = new CookieJar();
      browser.store(unbound.headers['set-cookie']);
      idp.account = { sub: 'frank-1', email: 'frank-other@idp.example', email_verified: true };
      const start = await hop(site.app, bindLink.pathname + bindLink.search, browser);
      const back = await hop(site.app, await atProvider(start.location), browser);
      expect(back.location).toBe('/users/settings/account');
      const linked = await call(site.app, 'GET', `${V1}/connector/user/info`, { token: frank.token });
      expect(linked.body.data[0]).toMatchObject({ binding: true, external_id: 'frank-1' });
      expect((await call(site.app, 'DELETE', `${V1}/connector/user/unbinding`, { token: frank.token, body: { external_id: 'frank-1' } })).status).toBe(200);
      expect((await call(site.app, 'GET', `${V1}/connector/user/info`, { token: frank.token })).body.data[0].binding).toBe(false);
    });

    it('refuses a callback whose state is unknown or already used', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'alice-1', email: 'alice@idp.example', email_verified: true };
      const browser = new CookieJar();
      const start = await hop(site.app, `${V1}/connector/login/connector_oidc`, browser);
      const callback = await atProvider(start.location);
      const forged = callback.replace(/state=[^&]+/, 'state=forged-state-value');
      expect(await hop(site.app, forged, browser)).toMatchObject({ status: 302, location: '/users/auth-landing?error=state_mismatch', cookies: {} });
      expect((await hop(site.app, callback, browser)).cookies.quorum_session).toBeTruthy();
      // Used: also with the state cookie put back.
      browser.store(`quorum_login_state=${new URL(start.location).searchParams.get('state')}; Path=/answer/api/v1/connector/redirect/connector_oidc`);
      expect(await hop(site.app, callback, browser)).toMatchObject({ location: '/users/auth-landing?error=state_mismatch', cookies: {} });
    });

    it('refuses an ID token whose nonce is not the one sent', async (t) => {
      if (!site) return t.skip();
      idp.nextIdTokenClaims = { nonce: 'someone-elses-nonce' };
      expect(await loginThroughProvider(site.app)).toMatchObject({ location: '/users/auth-landing?error=nonce_mismatch', cookies: {} });
    });

    it('refuses when the provider rejects an expired code', async (t) => {
      if (!site) return t.skip();
      idp.server.service.once('beforeResponse', (res) => {
        res.body = { error: 'invalid_grant', error_description: 'authorization code expired' };
        res.statusCode = 400;
      });
      expect(await loginThroughProvider(site.app)).toMatchObject({ location: '/users/auth-landing?error=code_refused', cookies: {} });
    });

    it("passes the provider's refusal to the landing page", async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const start = await hop(site.app, `${V1}/connector/login/connector_oidc`, browser);
      const state = new URL(start.location).searchParams.get('state')!;
      const denied = await hop(site.app, `${V1}/connector/redirect/connector_oidc?error=access_denied&state=${state}`, browser);
      expect(denied).toMatchObject({ location: '/users/auth-landing?error=provider_error', cookies: {} });
    });

    it('isolates a failing plugin: the login fails, the site keeps serving, the admin list shows the error', async (t) => {
      if (!site) return t.skip();
      await call(site.app, 'PUT', '/answer/admin/api/plugin/config', { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { issuer: 'http://127.0.0.1:9/' } } });
      expect(await hop(site.app, `${V1}/connector/login/connector_oidc`)).toMatchObject({ status: 302, location: '/users/auth-landing?error=plugin_error' });
      expect((await call(site.app, 'GET', `${V1}/siteinfo`)).status).toBe(200);
      const list = await call(site.app, 'GET', '/answer/admin/api/plugins', { token: admin });
      expect(list.body.data.find((p: { slug_name: string }) => p.slug_name === 'connector_oidc').last_error).not.toBe('');
      await call(site.app, 'PUT', '/answer/admin/api/plugin/config', { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { issuer: idp.issuer } } });
    });

    it('refuses every step of a switched-off connector from the next request on', async (t) => {
      if (!site) return t.skip();
      const browser = new CookieJar();
      const start = await hop(site.app, `${V1}/connector/login/connector_oidc`, browser);
      const callback = await atProvider(start.location);
      await call(site.app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'connector_oidc', enabled: false } });
      expect(await hop(site.app, callback, browser)).toMatchObject({ location: '/users/auth-landing?error=disabled', cookies: {} });
      expect(await hop(site.app, `${V1}/connector/login/connector_oidc`)).toMatchObject({ location: '/users/auth-landing?error=disabled' });
      expect((await call(site.app, 'GET', `${V1}/connector/info`)).body.data).toEqual([]);
      await call(site.app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'connector_oidc', enabled: true } });
    });
  });
}
