/**
 * The OAuth 2.0 / OpenID Connect flow every connector of this package shares, on `openid-client`: the provider's
 * metadata (discovery document or configured endpoints), the authorization URL with PKCE (S256), state and nonce,
 * and the callback: code exchange, ID-token validation with the provider's keys (signature, issuer, audience,
 * expiry, nonce), then the profile from the ID token and the userinfo endpoint. Every request (discovery, token,
 * userinfo, JWKS, a provider's API) goes through the fetch the server lends the hook (plugin-api PluginFetch: its
 * address guard refuses private and loopback addresses unless the operator allows them).
 */
import * as oidc from 'openid-client';
import { ConnectorError, type ConnectorAttempt, type PluginConfig, type PluginFetch } from '@quorum/plugin-api';

/** Where the provider's endpoints come from, and the client's credentials. */
export interface ProviderSettings {
  /** discovery: `${issuer}/.well-known/openid-configuration`; '' to use the endpoints below */
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  client_id: string;
  client_secret: string;
  /** space-separated; `openid` among them makes an ID token expected and validated */
  scopes: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Plain http is allowed only to the machine itself (a provider on the same host, tests); anything else needs https. */
function needsInsecure(urls: string[]): boolean {
  const http = urls.filter((u) => u.startsWith('http://'));
  if (!http.length) return false;
  for (const u of http) if (!LOOPBACK.has(new URL(u).hostname)) throw new Error(`${u}: the provider must be reached over https`);
  return true;
}

/** The server's fetch as openid-client calls it (its options are a RequestInit; TypeScript's byte types differ). */
function customFetch(fetch: PluginFetch): oidc.CustomFetch {
  return (url, options) => fetch(url, options as RequestInit);
}

/**
 * openid-client reports a request that failed outright (a refused address, a network error) as "something went
 * wrong" with the real error as its cause: the error returned names both.
 */
export function explained(err: unknown): unknown {
  if (err instanceof oidc.ClientError && err.cause instanceof Error && !(err.cause instanceof oidc.ClientError)) return new Error(`${err.message}: ${err.cause.message}`, { cause: err });
  return err;
}

/** Discovered configurations per fetch (the server lends one) and settings. */
const caches = new WeakMap<PluginFetch, Map<string, { at: number; config: Promise<oidc.Configuration> }>>();
const CACHE_MS = 5 * 60_000;

/**
 * The client configuration for a provider, making every request through `fetch`; discovery documents are kept 5
 * minutes per issuer and client.
 * @throws when the discovery document cannot be fetched or is invalid (or `fetch` refused its address), or an
 *   endpoint is plain http elsewhere than on the loopback interface
 */
export async function clientConfiguration(s: ProviderSettings, fetch: PluginFetch): Promise<oidc.Configuration> {
  let cache = caches.get(fetch);
  if (!cache) caches.set(fetch, (cache = new Map()));
  const key = JSON.stringify(s);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const urls = [s.issuer, s.authorization_endpoint, s.token_endpoint, s.userinfo_endpoint, s.jwks_uri].filter(Boolean);
  const insecure = needsInsecure(urls);
  const auth = oidc.ClientSecretPost(s.client_secret);
  const config = s.issuer
    ? oidc.discovery(new URL(s.issuer), s.client_id, undefined, auth, { [oidc.customFetch]: customFetch(fetch), ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) }).catch((err: unknown) => {
        throw explained(err);
      })
    : Promise.resolve(
        new oidc.Configuration(
          {
            issuer: new URL(s.authorization_endpoint).origin,
            authorization_endpoint: s.authorization_endpoint,
            token_endpoint: s.token_endpoint,
            ...(s.userinfo_endpoint ? { userinfo_endpoint: s.userinfo_endpoint } : {}),
            ...(s.jwks_uri ? { jwks_uri: s.jwks_uri } : {}),
          },
          s.client_id,
          undefined,
          auth,
        ),
      ).then((c) => {
        c[oidc.customFetch] = customFetch(fetch);
        if (insecure) oidc.allowInsecureRequests(c);
        return c;
      });
  cache.set(key, { at: Date.now(), config });
  config.catch(() => cache.delete(key));
  return config;
}

/** True when the scopes ask for an ID token. */
export function wantsIdToken(scopes: string): boolean {
  return scopes.split(/\s+/).includes('openid');
}

/** The provider's authorization URL for one attempt (PKCE S256, state, and nonce when an ID token is expected). */
export async function authorizationUrl(s: ProviderSettings, attempt: ConnectorAttempt, redirectUri: string, fetch: PluginFetch): Promise<string> {
  const config = await clientConfiguration(s, fetch);
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: s.scopes,
    state: attempt.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.code_verifier),
    code_challenge_method: 'S256',
  };
  if (wantsIdToken(s.scopes)) params.nonce = attempt.nonce;
  return oidc.buildAuthorizationUrl(config, params).href;
}

/** The tokens of a finished code exchange and the claims known so far (the ID token's, when there is one). */
export interface CodeExchange {
  config: oidc.Configuration;
  access_token: string;
  claims: Record<string, unknown>;
}

/**
 * Exchanges the callback's code: checks state, PKCE and (with `openid`) the ID token and its nonce.
 * @throws ConnectorError `provider_error` (an `error` on the callback), `code_refused` (the token endpoint said
 *   invalid_grant: an expired or used code), `nonce_mismatch`, `state_mismatch`, `id_token_invalid`
 */
export async function exchangeCode(s: ProviderSettings, attempt: ConnectorAttempt, callbackUrl: URL, fetch: PluginFetch): Promise<CodeExchange> {
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) throw new ConnectorError('provider_error', callbackUrl.searchParams.get('error_description') || providerError);
  const config = await clientConfiguration(s, fetch);
  const idToken = wantsIdToken(s.scopes);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: attempt.state,
      ...(idToken ? { expectedNonce: attempt.nonce, idTokenExpected: true } : {}),
    });
    return { config, access_token: tokens.access_token, claims: { ...(tokens.claims() ?? {}) } };
  } catch (err) {
    throw classify(err);
  }
}

function classify(err: unknown): unknown {
  if (err instanceof oidc.AuthorizationResponseError) return new ConnectorError('provider_error', err.error_description || err.error);
  if (err instanceof oidc.ResponseBodyError) return new ConnectorError(err.error === 'invalid_grant' ? 'code_refused' : 'provider_error', err.error_description || err.error);
  // openid-client wraps the failing check in a ClientError whose cause names the claim.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
  const message = `${err instanceof Error ? err.message : String(err)} ${cause}`;
  if (/nonce/i.test(message)) return new ConnectorError('nonce_mismatch', message);
  if (/state/i.test(message)) return new ConnectorError('state_mismatch', message);
  if (err instanceof oidc.ClientError && /jwt|signature|claim|id_token|"iss"|"aud"|"exp"/i.test(message)) return new ConnectorError('id_token_invalid', message);
  return explained(err);
}

/**
 * The userinfo endpoint's claims for the access token (subject checked against the ID token's).
 * @returns {} when the provider has no userinfo endpoint
 */
export async function userInfo(ex: CodeExchange): Promise<Record<string, unknown>> {
  if (!ex.config.serverMetadata().userinfo_endpoint) return {};
  const sub = typeof ex.claims.sub === 'string' ? ex.claims.sub : oidc.skipSubjectCheck;
  try {
    return { ...(await oidc.fetchUserInfo(ex.config, ex.access_token, sub)) };
  } catch (err) {
    throw explained(err);
  }
}

/** GET on a provider's API with the access token (GitHub's profile and e-mail calls). */
export async function fetchJson(ex: CodeExchange, url: string): Promise<unknown> {
  const res = await oidc.fetchProtectedResource(ex.config, ex.access_token, new URL(url), 'GET', undefined, new Headers({ accept: 'application/json' })).catch((err: unknown) => {
    throw explained(err);
  });
  if (!res.ok) throw new ConnectorError('provider_error', `${url}: HTTP ${res.status}`);
  return res.json();
}

/** A claim as a string ('' when absent); dotted names read nested objects. */
export function claim(claims: Record<string, unknown>, name: string): string {
  let v: unknown = claims;
  for (const part of name.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Reads the provider settings out of a generic connector's stored configuration. */
export function settingsOf(c: PluginConfig): ProviderSettings {
  return {
    issuer: c.issuer ?? '',
    authorization_endpoint: c.authorization_endpoint ?? '',
    token_endpoint: c.token_endpoint ?? '',
    userinfo_endpoint: c.userinfo_endpoint ?? '',
    jwks_uri: c.jwks_uri ?? '',
    client_id: c.client_id ?? '',
    client_secret: c.client_secret ?? '',
    scopes: c.scopes || 'openid email profile',
  };
}
