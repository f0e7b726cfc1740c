/**
 * Test support: a real OAuth 2.0 / OpenID Connect authorization server (oauth2-mock-server: discovery document,
 * JWKS, authorization code with PKCE, signed ID tokens carrying the request's nonce) on a free local port, with
 * the account it vouches for set per test, and helpers that walk a browser's redirects through the app, keeping
 * the browser's cookies in a CookieJar (a login's state is bound to the browser that started it).
 *
 * The providers listen on 127.0.0.1, which the server's outbound address guard refuses: startProvider turns on the
 * guard's opt-out for the test process (`QUORUM_WEBHOOK_ALLOW_PRIVATE=on`, as webhook.test.ts does); a test of the
 * guard itself turns it off around its own requests.
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

/** Lets the app reach providers on the loopback interface (the address guard's opt-out, read at each request). */
export function allowLocalProviders(): void {
  process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
}

/** Starts the provider on 127.0.0.1 and a free port (and allows local providers: allowLocalProviders). */
export async function startProvider(): Promise<TestProvider> {
  allowLocalProviders();
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

/** A redirect answered by the app: status, Location, and the cookies it set with a value (name -> value). */
export interface Hop {
  status: number;
  location: string;
  cookies: Record<string, string>;
}

/** One Set-Cookie header: name, value, Path, and whether it removes the cookie (Max-Age=0 or a past Expires). */
function parseSetCookie(header: string): { name: string; value: string; path: string; removes: boolean } {
  const [pair, ...attrs] = header.split(';').map((p) => p.trim());
  const [name, ...v] = pair!.split('=');
  const attr = (key: string) => attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
  const maxAge = attr('max-age');
  const expires = attr('expires');
  const removes = maxAge !== undefined ? Number(maxAge) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now();
  return { name: name!, value: v.join('='), path: attr('path') || '/', removes };
}

function setCookieList(setCookie: unknown): string[] {
  return Array.isArray(setCookie) ? (setCookie as string[]) : typeof setCookie === 'string' ? [setCookie] : [];
}

function cookiesOf(setCookie: unknown): Record<string, string> {
  return Object.fromEntries(setCookieList(setCookie).map(parseSetCookie).filter((c) => !c.removes).map((c) => [c.name, c.value]));
}

/**
 * One browser's cookies: what the app set, sent back on the paths they were set for (RFC 6265 §5.1.4: the cookie's
 * Path is the request path or a parent of it). Two jars are two browsers.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** The Cookie header for a request to `path` ('' when no cookie applies), longer paths first. */
  header(path: string): string {
    const applies = (p: string) => path === p || (path.startsWith(p) && (p.endsWith('/') || path[p.length] === '/'));
    return [...this.cookies.values()]
      .filter((c) => applies(c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Keeps the cookies of a response's Set-Cookie headers (and forgets the ones it removes). */
  store(setCookie: unknown): void {
    for (const c of setCookieList(setCookie).map(parseSetCookie)) {
      const key = `${c.name};${c.path}`;
      if (c.removes) this.cookies.delete(key);
      else this.cookies.set(key, c);
    }
  }

  /** The names of the cookies kept, with their paths (`name;path`). */
  keys(): string[] {
    return [...this.cookies.keys()];
  }
}

/**
 * GET on the app without following redirects, as the browser of `jar` (its cookies sent, the answer's kept); without
 * a jar, as a browser with no cookies.
 */
export async function hop(app: FastifyInstance, url: string, jar?: CookieJar): Promise<Hop> {
  const cookie = jar?.header(new URL(url, 'http://x').pathname);
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  jar?.store(res.headers['set-cookie']);
  return { status: res.statusCode, location: String(res.headers.location ?? ''), cookies: cookiesOf(res.headers['set-cookie']) };
}

/** Follows the provider's authorize redirect (the provider signs the account in at once) to the app's callback path. */
export async function atProvider(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const to = new URL(res.headers.get('location')!);
  return to.pathname + to.search;
}

/**
 * One whole login in one browser (`jar`, a fresh one by default): /connector/login -> provider -> callback.
 * @returns the callback's hop (its Location says where the browser lands)
 */
export async function loginThroughProvider(app: FastifyInstance, slug = 'connector_oidc', redirect = '/', jar = new CookieJar()): Promise<Hop> {
  const start = await hop(app, `/answer/api/v1/connector/login/${slug}?redirect=${encodeURIComponent(redirect)}`, jar);
  if (start.status !== 302 || start.location.startsWith('/')) return start;
  return hop(app, await atProvider(start.location), jar);
}
