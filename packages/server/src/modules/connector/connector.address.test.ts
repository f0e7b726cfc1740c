/**
 * The outbound address guard on login plugins (outbound.ts), over HTTP: with the guard on (no
 * QUORUM_WEBHOOK_ALLOW_PRIVATE), an OpenID Connect connector whose issuer is on the loopback interface — by
 * address or by a name that resolves there — is refused at the login's start with a clear error kept as the
 * plugin's last error, and a connector configured by endpoints whose token endpoint is loopback is refused at the
 * callback; a user-center plugin (DingTalk) whose API is loopback likewise. A local server counts what reaches it:
 * nothing does, and with the operator's opt-out on the same configuration reaches it. SQLite only: no database
 * behaviour here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { CookieJar, enableOidc, hop } from './provider.testkit.js';
import { configurePlugin, loginUrl, setPluginEnabled } from '../user-center/provider-login.testkit.js';

const V1 = '/answer/api/v1';
const REFUSED = /127\.0\.0\.1 resolves to 127\.0\.0\.1, a private or reserved address \(set QUORUM_WEBHOOK_ALLOW_PRIVATE=on to allow\)/;

describe('login plugins and private addresses', () => {
  let site: TestSite;
  let admin = '';
  let server: Server;
  let base = '';
  const hits: string[] = [];

  const lastError = async (slug: string) => (await call(site.app, 'GET', '/answer/admin/api/plugins', { token: admin })).body.data.find((p: { slug_name: string }) => p.slug_name === slug).last_error as string;

  beforeAll(async () => {
    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    site = await installedSite('sqlite3');
    admin = await adminToken(site.app);
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
    hits.length = 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await site.close();
  });

  it('refuses an OpenID Connect issuer on the loopback interface before fetching anything, and says why', async () => {
    await enableOidc(site.app, admin, `${base}/by-address`);
    expect(await hop(site.app, `${V1}/connector/login/connector_oidc`)).toMatchObject({ status: 302, location: '/users/auth-landing?error=plugin_error' });
    expect(await lastError('connector_oidc')).toMatch(REFUSED);
    // By a name that resolves to the loopback interface.
    await enableOidc(site.app, admin, `${base.replace('127.0.0.1', 'localhost')}/by-name`);
    expect((await hop(site.app, `${V1}/connector/login/connector_oidc`)).location).toBe('/users/auth-landing?error=plugin_error');
    expect(await lastError('connector_oidc')).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a private or reserved address/);
    expect(hits).toEqual([]);

    // The operator's opt-out lets the same issuer be reached (it answers 404 here, so the login still fails).
    process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
    await enableOidc(site.app, admin, `${base}/allowed`);
    expect((await hop(site.app, `${V1}/connector/login/connector_oidc`)).location).toBe('/users/auth-landing?error=plugin_error');
    expect(hits).toEqual(['GET /allowed/.well-known/openid-configuration']);
  });

  it('refuses a token endpoint on the loopback interface at the callback, and nothing reaches it', async () => {
    const endpoints = { authorization_endpoint: 'https://idp.example/authorize', token_endpoint: `${base}/token`, userinfo_endpoint: `${base}/userinfo`, jwks_uri: `${base}/jwks` };
    await enableOidc(site.app, admin, '', endpoints);
    const browser = new CookieJar();
    const start = await hop(site.app, `${V1}/connector/login/connector_oidc`, browser);
    const authorize = new URL(start.location);
    expect(authorize.origin).toBe('https://idp.example');
    const state = authorize.searchParams.get('state')!;
    const back = await hop(site.app, `${V1}/connector/redirect/connector_oidc?code=some-code&state=${state}`, browser);
    expect(back.location).toBe('/users/auth-landing?error=plugin_error');
    expect(back.cookies.quorum_session).toBeUndefined();
    expect(await lastError('connector_oidc')).toMatch(REFUSED);
    expect(hits).toEqual([]);
  });

  it("refuses a user-center plugin's API on the loopback interface, and nothing reaches it", async () => {
    await setPluginEnabled(site.app, admin, 'connector_oidc', false);
    await configurePlugin(site.app, admin, 'user_center_dingtalk', { client_id: 'ding-client', client_secret: 'ding-secret', login_base_url: base, api_base_url: base });
    await setPluginEnabled(site.app, admin, 'user_center_dingtalk', true);
    const browser = new CookieJar();
    const signIn = new URL((await loginUrl(site.app, '/dingtalk/login/url', undefined, browser)).redirect_url);
    const state = signIn.searchParams.get('state')!;
    const back = await hop(site.app, `${V1}/user-center/login/callback?authCode=some-code&state=${state}`, browser);
    expect(back.location).toBe('/user-center/auth-failed?error=plugin_error');
    expect(await lastError('user_center_dingtalk')).toMatch(REFUSED);
    expect(hits).toEqual([]);
  });
});
