/**
 * SegmentFault login over OAuth 2.0's authorization-code grant (RFC 6749 §4.1, with PKCE, RFC 7636), on the
 * `openid-client` library, every request through the server's fetch (UserCenterContext.fetch). README.md says what SegmentFault publishes of it and what it does not: the three
 * endpoints are part of the configuration (the defaults are assumed addresses, not documented ones).
 *
 * 1. the browser goes to `{authorization_endpoint}?response_type=code&client_id&redirect_uri&scope&state&code_challenge…`;
 * 2. it comes back to `redirect_uri?code&state`, or `?error&state` when the member declined;
 * 3. `POST {token_endpoint}` (form: grant_type, code, redirect_uri, code_verifier, client_id, client_secret)
 *    answers `{access_token, token_type: 'bearer', …}`, or 400 `{error: 'invalid_grant'}` for a bad code;
 * 4. `GET {user_endpoint}` with `Authorization: Bearer` answers the member (bare or inside `{status, data}`).
 */
import * as oauth from 'openid-client';
import { ConnectorError, type ExternalUser, type PluginConfig, type PluginFetch } from '@quorum/plugin-api';
import { str } from '@quorum/user-center-kit';

export const AUTHORIZATION_ENDPOINT = 'https://segmentfault.com/oauth/authorize';
export const TOKEN_ENDPOINT = 'https://segmentfault.com/oauth/token';
export const USER_ENDPOINT = 'https://segmentfault.com/api/oauth/user';

/** Where SegmentFault is and who the site is to it. */
export interface SegmentFaultSettings {
  client_id: string;
  client_secret: string;
  authorization_endpoint: string;
  token_endpoint: string;
  user_endpoint: string;
  /** space-separated; '' sends none */
  scope: string;
  /** how SegmentFault is called: the server's fetch */
  fetch: PluginFetch;
}

/** The settings out of the plugin's stored configuration, defaults filled in, calls made through `fetch`. */
export function settingsOf(c: PluginConfig, fetch: PluginFetch): SegmentFaultSettings {
  return {
    fetch,
    client_id: c.client_id ?? '',
    client_secret: c.client_secret ?? '',
    authorization_endpoint: c.authorization_endpoint || AUTHORIZATION_ENDPOINT,
    token_endpoint: c.token_endpoint || TOKEN_ENDPOINT,
    user_endpoint: c.user_endpoint || USER_ENDPOINT,
    scope: c.scope ?? '',
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The client configuration for the endpoints; plain http is allowed only to the machine itself (tests).
 * @throws Error when an endpoint is plain http elsewhere, or not a URL
 */
export function clientConfiguration(s: SegmentFaultSettings): oauth.Configuration {
  const urls = [s.authorization_endpoint, s.token_endpoint, s.user_endpoint].map((u) => new URL(u));
  const insecure = urls.some((u) => u.protocol === 'http:');
  for (const u of urls) {
    if (u.protocol === 'http:' && !LOOPBACK.has(u.hostname)) throw new Error(`${u.origin}: SegmentFault must be reached over https`);
  }
  const config = new oauth.Configuration(
    { issuer: urls[0]!.origin, authorization_endpoint: s.authorization_endpoint, token_endpoint: s.token_endpoint },
    s.client_id,
    undefined,
    oauth.ClientSecretPost(s.client_secret),
  );
  // openid-client's options are a RequestInit (TypeScript's byte types differ).
  config[oauth.customFetch] = (url, options) => s.fetch(url, options as RequestInit);
  if (insecure) oauth.allowInsecureRequests(config);
  return config;
}

/**
 * openid-client reports a request that failed outright (a refused address, a network error) as "something went
 * wrong" with the real error as its cause: the error returned names both.
 */
function explained(err: unknown): unknown {
  if (err instanceof oauth.ClientError && err.cause instanceof Error && !(err.cause instanceof oauth.ClientError)) return new Error(`${err.message}: ${err.cause.message}`, { cause: err });
  return err;
}

/** What the callback needs of an attempt (kept with its state). */
export interface Attempt {
  redirect_uri: string;
  code_verifier: string;
}

/** A fresh attempt's secrets: the PKCE verifier (the state is issued by the caller). */
export function newAttempt(redirectUri: string): Attempt {
  return { redirect_uri: redirectUri, code_verifier: oauth.randomPKCECodeVerifier() };
}

/** SegmentFault's authorization page for one attempt (PKCE S256). */
export async function authorizationUrl(s: SegmentFaultSettings, attempt: Attempt, state: string): Promise<string> {
  const params: Record<string, string> = {
    redirect_uri: attempt.redirect_uri,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(attempt.code_verifier),
    code_challenge_method: 'S256',
  };
  if (s.scope) params.scope = s.scope;
  return oauth.buildAuthorizationUrl(clientConfiguration(s), params).href;
}

/**
 * Exchanges the callback's code (state already taken by the caller; checked again by the library).
 * @returns the access token
 * @throws ConnectorError `provider_error` (an `error` on the callback, or the token endpoint refused otherwise),
 *   `code_refused` (invalid_grant: an expired, used or unknown code)
 */
export async function exchangeCode(s: SegmentFaultSettings, attempt: Attempt, state: string, callbackUrl: URL): Promise<string> {
  const error = callbackUrl.searchParams.get('error');
  if (error) throw new ConnectorError('provider_error', callbackUrl.searchParams.get('error_description') || error);
  // The token request names the redirect_uri the attempt sent, whatever host the callback was reached on.
  const current = new URL(attempt.redirect_uri);
  current.search = callbackUrl.search;
  try {
    const tokens = await oauth.authorizationCodeGrant(clientConfiguration(s), current, { pkceCodeVerifier: attempt.code_verifier, expectedState: state });
    return tokens.access_token;
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) throw new ConnectorError('provider_error', err.error_description || err.error);
    if (err instanceof oauth.ResponseBodyError) throw new ConnectorError(err.error === 'invalid_grant' ? 'code_refused' : 'provider_error', err.error_description || err.error);
    throw explained(err);
  }
}

/**
 * The member behind an access token.
 * @throws ConnectorError `provider_error` when the user endpoint refuses, `no_external_id`
 */
export async function currentUser(s: SegmentFaultSettings, accessToken: string): Promise<ExternalUser> {
  const res = await oauth.fetchProtectedResource(clientConfiguration(s), accessToken, new URL(s.user_endpoint), 'GET', undefined, new Headers({ accept: 'application/json' })).catch((err: unknown) => {
    throw explained(err);
  });
  if (!res.ok) throw new ConnectorError('provider_error', `${s.user_endpoint}: HTTP ${res.status}`);
  const body: unknown = await res.json().catch(() => ({}));
  return profileOf(body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
}

const first = (o: Record<string, unknown>, keys: string[]) => keys.map((k) => str(o, k)).find(Boolean) ?? '';

/**
 * Maps SegmentFault's user to the member Quorum knows: `id`, the profile slug (`slug`, `username` or `login`),
 * `name`, `avatar`/`avatar_url`, `email`; the address counts as verified only when the answer says
 * `email_verified: true`. An answer wrapped as `{status, data: {…}}` is unwrapped.
 * @throws ConnectorError `no_external_id` when there is no id
 */
export function profileOf(body: Record<string, unknown>): ExternalUser {
  const user = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : body;
  const id = first(user, ['id', 'uid', 'user_id']);
  if (!id) throw new ConnectorError('no_external_id', 'SegmentFault sent no user id');
  const username = first(user, ['slug', 'username', 'login']);
  return {
    external_id: id,
    email: first(user, ['email', 'mail']).trim().toLowerCase(),
    email_verified: user.email_verified === true,
    username,
    display_name: first(user, ['name', 'nickname']) || username,
    avatar: first(user, ['avatar', 'avatar_url', 'avatarUrl']),
    meta: JSON.stringify(user).slice(0, 10_000),
  };
}

/** The whole callback after the state was taken: exchange, then profile. */
export async function finish(s: SegmentFaultSettings, attempt: Attempt, state: string, callbackUrl: URL): Promise<ExternalUser> {
  return currentUser(s, await exchangeCode(s, attempt, state, callbackUrl));
}
