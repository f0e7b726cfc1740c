/**
 * Third-party login under the site's login policy and the provider's ID-token checks, over HTTP on every engine,
 * against a local OpenID Connect provider (provider.testkit.ts):
 * - with the login setting `require_user_approval` on, an account a connector creates waits in the review queue
 *   like an e-mail sign-up (status pending), both from a provider-verified address and from an address typed on
 *   /users/confirm-email;
 * - a member cannot unlink their last connector when password login is off, even with a password, and a link to a
 *   switched-off connector is no way to log in;
 * - a provider configured by its endpoints and claim names (no discovery) works like one found by its issuer;
 * - an ID token for another audience, or an expired one, is refused as `id_token_invalid`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { atProvider, CookieJar, enableOidc, hop, loginThroughProvider, startProvider, type TestProvider } from './provider.testkit.js';

const V1 = '/answer/api/v1';
const LOGIN_SETTINGS = '/answer/admin/api/siteinfo/login';

for (const dialect of DIALECTS) {
  describe(`third-party login policy on ${dialect}`, () => {
    let site: TestSite | undefined;
    let idp: TestProvider;
    let admin = '';
    let login: Record<string, unknown> = {};

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      idp = await startProvider();
      await enableOidc(site.app, admin, idp.issuer);
      login = (await call(site.app, 'GET', LOGIN_SETTINGS, { token: admin })).body.data;
    });
    afterAll(async () => {
      await site?.close();
      await idp?.stop();
    });

    const setLogin = async (patch: Record<string, unknown>) => {
      const r = await call(site!.app, 'PUT', LOGIN_SETTINGS, { token: admin, body: { ...login, ...patch } });
      expect(r.status).toBe(200);
    };
    const me = async (session: string) => (await site!.app.inject({ method: 'GET', url: `${V1}/user/info`, cookies: { quorum_session: session } })).json().data;
    const queued = async () => (await call(site!.app, 'GET', `${V1}/review/pending/user/page?page_size=50`, { token: admin })).body.data.list as { review_id: string; e_mail: string }[];

    it('puts an account created by a first login in the approval queue while approval is required', async (t) => {
      if (!site) return t.skip();
      await setLogin({ require_user_approval: true });
      try {
        idp.account = { sub: 'gina-1', email: 'gina@idp.example', email_verified: true, name: 'Gina' };
        const first = await loginThroughProvider(site.app);
        expect(first.location).toBe('/users/auth-landing?redirect=%2F');
        const gina = await me(first.cookies.quorum_session!);
        expect(gina).toMatchObject({ e_mail: 'gina@idp.example', status: 'pending', mail_status: 1 });
        expect(await queued()).toContainEqual(expect.objectContaining({ review_id: gina.id, e_mail: 'gina@idp.example' }));
        // Waiting members may log in but not act.
        const ask = await site.app.inject({ method: 'POST', url: `${V1}/question`, cookies: { quorum_session: first.cookies.quorum_session! }, headers: { 'x-csrf-token': (await import('../../core/session-cookie.js')).csrfTokenFor(first.cookies.quorum_session!) }, payload: { title: 'A question from a waiting member', content: 'Asked before a moderator approved the account.', tags: [{ slug_name: 'support' }] } });
        expect(ask.statusCode).toBe(403);
        expect(ask.json().reason).toBe('error.user.pending_approval');

        // The same from an address the member typed because the provider gave none.
        idp.account = { sub: 'hugo-1', name: 'Hugo' };
        const hopped = await loginThroughProvider(site.app);
        const bindingKey = new URL(hopped.location, 'http://x').searchParams.get('binding_key')!;
        const bound = await call(site.app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email: 'hugo@example.com' } });
        expect(bound.status).toBe(200);
        const hugo = (await call(site.app, 'GET', `${V1}/user/info`, { token: bound.body.data.access_token })).body.data;
        expect(hugo).toMatchObject({ e_mail: 'hugo@example.com', status: 'pending' });
        expect((await queued()).map((r) => r.review_id)).toContain(hugo.id);
      } finally {
        await setLogin({ require_user_approval: false });
      }
      idp.account = { sub: 'ivan-1', email: 'ivan@idp.example', email_verified: true, name: 'Ivan' };
      const ivan = await me((await loginThroughProvider(site.app)).cookies.quorum_session!);
      expect(ivan.status).toBe('normal');
      expect((await queued()).map((r) => r.review_id)).not.toContain(ivan.id);
    });

    it('refuses to unlink the last connector while password login is off, even for a member with a password', async (t) => {
      if (!site) return t.skip();
      const jane = await registerUser(site.app, 'jane');
      const listed = await call(site.app, 'GET', `${V1}/connector/user/info`, { token: jane.token });
      const browser = new CookieJar();
      browser.store(listed.headers['set-cookie']);
      const link = new URL(listed.body.data[0].link);
      idp.account = { sub: 'jane-1', email: 'jane-elsewhere@idp.example', email_verified: true };
      const start = await hop(site.app, link.pathname + link.search, browser);
      expect((await hop(site.app, await atProvider(start.location), browser)).location).toBe('/users/settings/account');
      const unlink = () => call(site!.app, 'DELETE', `${V1}/connector/user/unbinding`, { token: jane.token, body: { external_id: 'jane-1' } });
      await setLogin({ allow_password_login: false });
      try {
        const refused = await unlink();
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ reason: 'error.user.external_login_last_way', msg: 'This is your last way to log in to this site. Link another login before you remove this one.' });
      } finally {
        await setLogin({ allow_password_login: true });
      }
      expect((await unlink()).status).toBe(200);
    });

    it('counts another linked connector as a way to log in only while it is switched on', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'lena-1', email: 'lena@idp.example', email_verified: true, name: 'Lena' };
      const session = (await loginThroughProvider(site.app)).cookies.quorum_session!;
      const lena = await me(session);
      // A GitHub link made earlier (set up in the database: GitHub cannot be reached from the tests).
      await site.app.quorum.database!.kysely.insertInto('external_logins').values({ user_id: lena.id, provider: 'connector_github', external_id: 'gh-lena', info: '{}', created_at: 1 }).execute();
      const csrf = (await import('../../core/session-cookie.js')).csrfTokenFor(session);
      const unlink = () => site!.app.inject({ method: 'DELETE', url: `${V1}/connector/user/unbinding`, cookies: { quorum_session: session }, headers: { 'x-csrf-token': csrf }, payload: { external_id: 'lena-1' } });
      const github = (enabled: boolean) => call(site!.app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'connector_github', enabled } });
      const refused = await unlink();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().reason).toBe('error.user.external_login_unbinding_forbidden');
      // A login plugin is switched on only with its required settings.
      expect((await github(true)).body.reason).toBe('error.plugin.required_config_missing');
      const configured = await call(site.app, 'PUT', '/answer/admin/api/plugin/config', { token: admin, body: { plugin_slug_name: 'connector_github', config_fields: { client_id: 'gh-id', client_secret: 'gh-secret' } } });
      expect(configured.status).toBe(200);
      expect((await github(true)).status).toBe(200);
      try {
        expect((await unlink()).statusCode).toBe(200);
      } finally {
        await github(false);
      }
    });

    it('logs in through a provider configured by its endpoints and claim names instead of an issuer', async (t) => {
      if (!site) return t.skip();
      const meta = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      const endpoints = { issuer: '', authorization_endpoint: meta.authorization_endpoint!, token_endpoint: meta.token_endpoint!, userinfo_endpoint: meta.userinfo_endpoint!, jwks_uri: meta.jwks_uri!, name_claim: 'nickname' };
      await enableOidc(site.app, admin, '', endpoints);
      try {
        idp.account = { sub: 'mona-1', email: 'mona@idp.example', email_verified: true, name: 'Not this one', nickname: 'Mona N' };
        const start = await site.app.inject({ method: 'GET', url: `${V1}/connector/login/connector_oidc` });
        expect(String(start.headers.location).startsWith(meta.authorization_endpoint!)).toBe(true);
        const first = await loginThroughProvider(site.app);
        expect(await me(first.cookies.quorum_session!)).toMatchObject({ e_mail: 'mona@idp.example', display_name: 'Mona N' });
      } finally {
        await enableOidc(site.app, admin, idp.issuer, { authorization_endpoint: '', token_endpoint: '', userinfo_endpoint: '', jwks_uri: '', name_claim: 'name' });
      }
    });

    it('refuses an ID token made for another client or already expired', async (t) => {
      if (!site) return t.skip();
      idp.account = { sub: 'kate-1', email: 'kate@idp.example', email_verified: true };
      idp.nextIdTokenClaims = { aud: 'another-client' };
      expect(await loginThroughProvider(site.app)).toMatchObject({ location: '/users/auth-landing?error=id_token_invalid', cookies: {} });
      idp.nextIdTokenClaims = { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 };
      expect(await loginThroughProvider(site.app)).toMatchObject({ location: '/users/auth-landing?error=id_token_invalid', cookies: {} });
      const count = await site.app.quorum.database!.kysely.selectFrom('users').select('id').where('e_mail', '=', 'kate@idp.example').execute();
      expect(count).toEqual([]);
    });
  });
}
