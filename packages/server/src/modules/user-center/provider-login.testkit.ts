/**
 * Test support for the user-center plugins whose login sends the browser to the provider's own page (DingTalk,
 * WeChat, SegmentFault): configure and switch a plugin as the admin, and walk a browser's way through the app —
 * the plugin's URL route, the provider (a local fake from @quorum/user-center-testkit, which signs the member in at
 * once), and the site's callback, keeping the browser's cookies in a CookieJar (the login is bound to the browser
 * that asked for the URL). The fakes listen on 127.0.0.1: test files call allowLocalProviders first.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/dialects.js';
import { CookieJar, hop, type Hop } from '../connector/provider.testkit.js';

export { allowLocalProviders, CookieJar, hop, type Hop } from '../connector/provider.testkit.js';

const V1 = '/answer/api/v1';

/** Saves a plugin's configuration as the admin. */
export async function configurePlugin(app: FastifyInstance, admin: string, slug: string, fields: Record<string, string>): Promise<void> {
  const put = await call(app, 'PUT', '/answer/admin/api/plugin/config', { token: admin, body: { plugin_slug_name: slug, config_fields: fields } });
  if (put.status !== 200) throw new Error(`configure ${slug}: ${JSON.stringify(put.body)}`);
}

/** Turns a plugin on or off as the admin. */
export async function setPluginEnabled(app: FastifyInstance, admin: string, slug: string, enabled: boolean): Promise<void> {
  const r = await call(app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: slug, enabled } });
  if (r.status !== 200) throw new Error(`${enabled ? 'enable' : 'disable'} ${slug}: ${JSON.stringify(r.body)}`);
}

/**
 * The plugin's URL route as the /user-center/auth page calls it, in the browser of `jar` (which keeps the login's
 * state cookie; a fresh browser by default).
 * @returns its data: `{redirect_url, key, in_app}`
 */
export async function loginUrl(app: FastifyInstance, routePath: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64)', jar = new CookieJar()): Promise<{ redirect_url: string; key: string; in_app: boolean }> {
  const url = `${V1}${routePath}`;
  const cookie = jar.header(url);
  const res = await app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });
  if (res.statusCode !== 200) throw new Error(`${routePath}: HTTP ${res.statusCode} ${res.body}`);
  jar.store(res.headers['set-cookie']);
  return res.json().data;
}

/** Follows the provider's page (the fake signs in at once) to the site's callback: its path and query. */
export async function atProvider(providerUrl: string): Promise<string> {
  const res = await fetch(providerUrl, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`${providerUrl}: HTTP ${res.status} ${await res.text()}`);
  const to = new URL(res.headers.get('location')!);
  return to.pathname + to.search;
}

/**
 * One whole login in one browser (`jar`, a fresh one by default): the URL route, the provider, the callback.
 * @returns the callback's hop (its Location says where the browser lands)
 */
export async function loginThroughProvider(app: FastifyInstance, routePath: string, userAgent?: string, jar = new CookieJar()): Promise<Hop> {
  return hop(app, await atProvider((await loginUrl(app, routePath, userAgent, jar)).redirect_url), jar);
}

/** The member of a session cookie (GET /user/info). */
export async function me(app: FastifyInstance, session: string): Promise<Record<string, unknown>> {
  return (await app.inject({ method: 'GET', url: `${V1}/user/info`, cookies: { quorum_session: session } })).json().data;
}

/**
 * Answers /users/confirm-email with an address no account has (POST /connector/binding/email): the account is
 * created and linked.
 * @returns the new session's token
 */
export async function bindNewEmail(app: FastifyInstance, confirmLocation: string, email: string): Promise<string> {
  const bindingKey = new URL(confirmLocation, 'http://x').searchParams.get('binding_key') ?? '';
  const r = await call(app, 'POST', `${V1}/connector/binding/email`, { body: { binding_key: bindingKey, email } });
  if (r.status !== 200 || !r.body.data.access_token) throw new Error(`binding/email: ${JSON.stringify(r.body)}`);
  return r.body.data.access_token;
}
