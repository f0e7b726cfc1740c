/**
 * Test support: a real OAuth 2.0 / OpenID Connect authorization server (oauth2-mock-server: discovery document,
 * JWKS, authorization code with PKCE, signed ID tokens carrying the request's nonce) on a free local port, with
 * the account it vouches for set per test, and helpers that walk a browser's redirects through the app.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/dialects.js';

/** The provider's account for the next sign-ins. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  /** further claims, returned by the userinfo endpoint only */
  [claim: string]: unknown;
}

export interface TestProvider {
  issuer: string;
  server: OAuth2Server;
  /** who signs in next */
  account: ProviderAccount;
  /** claims forced into the next ID token (e.g. a wrong nonce), cleared after use */
  nextIdTokenClaims: Record<string, unknown> | null;
  stop(): Promise<void>;
}

/** Starts the provider on 127.0.0.1 and a free port. */
export async function startProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const p: TestProvider = {
    issuer: server.issuer.url!,
    server,
    account: { sub: 'alice-1', email: 'alice@idp.example', email_verified: true, name: 'Alice Example', preferred_username: 'alice' },
    nextIdTokenClaims: null,
    stop: () => server.stop(),
  };
  server.service.on('beforeTokenSigning', (token) => {
    const { email, email_verified, name, preferred_username } = p.account;
    Object.assign(token.payload, { sub: p.account.sub, email, email_verified, name, preferred_username });
    if (token.payload.nonce !== undefined && p.nextIdTokenClaims) {
      Object.assign(token.payload, p.nextIdTokenClaims);
      p.nextIdTokenClaims = null;
    }
  });
  server.service.on('beforeUserinfo', (res) => {
    res.body = { ...p.account };
  });
  return p;
}

/** Configures and enables the generic connector as the admin. */
export async function enableOidc(app: FastifyInstance, admin: string, issuer: string, extra: Record<string, string> = {}): Promise<void> {
  const put = await call(app, 'PUT', '/answer/admin/api/plugin/config', { token: admin, body: { plugin_slug_name: 'connector_oidc', config_fields: { display_name: 'Company SSO', issuer, client_id: 'quorum', client_secret: 's3cret', ...extra } } });
  if (put.status !== 200) throw new Error(`configure: ${JSON.stringify(put.body)}`);
  const on = await call(app, 'PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'connector_oidc', enabled: true } });
  if (on.status !== 200) throw new Error(`enable: ${JSON.stringify(on.body)}`);
}

/** A redirect answered by the app: status, Location, and the cookies it set (name -> value). */
export interface Hop {
  status: number;
  location: string;
  cookies: Record<string, string>;
}

function cookiesOf(setCookie: unknown): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  return Object.fromEntries(list.map((c: string) => c.split(';')[0]!.split('=')).map(([k, ...v]) => [k!, v.join('=')]));
}

/** GET on the app without following redirects. */
export async function hop(app: FastifyInstance, url: string): Promise<Hop> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), cookies: cookiesOf(res.headers['set-cookie']) };
}

/** Follows the provider's authorize redirect (the provider signs the account in at once) to the app's callback path. */
export async function atProvider(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const to = new URL(res.headers.get('location')!);
  return to.pathname + to.search;
}

/**
 * One whole login: /connector/login -> provider -> callback.
 * @returns the callback's hop (its Location says where the browser lands)
 */
export async function loginThroughProvider(app: FastifyInstance, slug = 'connector_oidc', redirect = '/'): Promise<Hop> {
  const start = await hop(app, `/answer/api/v1/connector/login/${slug}?redirect=${encodeURIComponent(redirect)}`);
  if (start.status !== 302 || start.location.startsWith('/')) return start;
  return hop(app, await atProvider(start.location));
}
