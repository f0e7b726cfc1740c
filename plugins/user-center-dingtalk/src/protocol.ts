/**
 * DingTalk's login for third-party websites (README.md has the protocol with links to DingTalk's documentation):
 *
 * 1. the browser goes to `{login}/oauth2/auth?redirect_uri&response_type=code&client_id&scope=openid&state&prompt=consent`;
 * 2. DingTalk sends it back to `redirect_uri?authCode=…&state=…` (no authCode when the member declined);
 * 3. `POST {api}/v1.0/oauth2/userAccessToken` `{clientId, clientSecret, code, grantType: 'authorization_code'}`
 *    answers `{accessToken, refreshToken, expireIn}`, or a 4xx `{code, message}`;
 * 4. `GET {api}/v1.0/contact/users/me` with the header `x-acs-dingtalk-access-token` answers the member:
 *    `{nick, avatarUrl, mobile, openId, unionId, email, stateCode}`.
 */
import { ConnectorError, type ExternalUser, type PluginConfig, type PluginFetch } from '@quorum/plugin-api';
import { endpoint, requestJson, str } from '@quorum/user-center-kit';

/** Where DingTalk is and who the site is to it. */
export interface DingTalkSettings {
  client_id: string;
  client_secret: string;
  /** the sign-in page's host: https://login.dingtalk.com */
  login_base_url: string;
  /** the open API's host: https://api.dingtalk.com */
  api_base_url: string;
  /** how DingTalk is called: the server's fetch (UserCenterContext.fetch) */
  fetch: PluginFetch;
}

export const LOGIN_BASE_URL = 'https://login.dingtalk.com';
export const API_BASE_URL = 'https://api.dingtalk.com';

/** The settings out of the plugin's stored configuration, defaults filled in, calls made through `fetch`. */
export function settingsOf(c: PluginConfig, fetch: PluginFetch): DingTalkSettings {
  return {
    fetch,
    client_id: c.client_id ?? '',
    client_secret: c.client_secret ?? '',
    login_base_url: c.login_base_url || LOGIN_BASE_URL,
    api_base_url: c.api_base_url || API_BASE_URL,
  };
}

/**
 * The DingTalk sign-in page for one attempt. `scope=openid` asks for the member's identity only;
 * `prompt=consent` shows DingTalk's confirmation page.
 */
export function authorizationUrl(s: DingTalkSettings, state: string, redirectUri: string): string {
  const url = endpoint(s.login_base_url, '/oauth2/auth');
  url.search = new URLSearchParams({ redirect_uri: redirectUri, response_type: 'code', client_id: s.client_id, scope: 'openid', state, prompt: 'consent' }).toString();
  return url.href;
}

/**
 * The authorization code of a callback (the state was checked by the caller).
 * @throws ConnectorError `provider_error` when DingTalk came back with an error or without a code (the member
 *   declined)
 */
export function codeOf(callbackUrl: URL): string {
  const code = callbackUrl.searchParams.get('authCode') || callbackUrl.searchParams.get('code') || '';
  const error = callbackUrl.searchParams.get('error');
  if (error || !code) throw new ConnectorError('provider_error', error ? callbackUrl.searchParams.get('error_description') || error : 'DingTalk sent no authorization code (the sign-in was declined)');
  return code;
}

/**
 * Exchanges the code for the member's access token.
 * @throws ConnectorError `code_refused` (DingTalk answered 4xx: an expired, used or unknown code, or a wrong
 *   client), `provider_error` (5xx or no token)
 */
export async function userAccessToken(s: DingTalkSettings, code: string): Promise<string> {
  const reply = await requestJson(s.fetch, endpoint(s.api_base_url, '/v1.0/oauth2/userAccessToken'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ clientId: s.client_id, clientSecret: s.client_secret, code, grantType: 'authorization_code' }),
  });
  const token = str(reply.body, 'accessToken');
  if (reply.status >= 200 && reply.status < 300 && token) return token;
  const why = `userAccessToken: HTTP ${reply.status} ${str(reply.body, 'code')} ${str(reply.body, 'message')}`.trim();
  throw new ConnectorError(reply.status >= 400 && reply.status < 500 ? 'code_refused' : 'provider_error', why);
}

/**
 * The member behind an access token, as DingTalk's contact API describes them. The account id is the `unionId`
 * (the same for every app of the organisation's developer), or the app's `openId` when DingTalk sent no unionId.
 * DingTalk does not say the e-mail address was verified, so it is reported unverified.
 * @throws ConnectorError `provider_error` (the call failed), `no_external_id`
 */
export async function currentUser(s: DingTalkSettings, accessToken: string): Promise<ExternalUser> {
  const reply = await requestJson(s.fetch, endpoint(s.api_base_url, '/v1.0/contact/users/me'), {
    method: 'GET',
    headers: { 'x-acs-dingtalk-access-token': accessToken, accept: 'application/json' },
  });
  if (reply.status < 200 || reply.status >= 300) throw new ConnectorError('provider_error', `contact/users/me: HTTP ${reply.status} ${str(reply.body, 'code')} ${str(reply.body, 'message')}`.trim());
  return profileOf(reply.body);
}

/**
 * Maps DingTalk's `users/me` answer to the member Quorum knows.
 * @throws ConnectorError `no_external_id` when neither unionId nor openId is there
 */
export function profileOf(me: Record<string, unknown>): ExternalUser {
  const id = str(me, 'unionId') || str(me, 'openId');
  if (!id) throw new ConnectorError('no_external_id', 'DingTalk sent neither unionId nor openId');
  const nick = str(me, 'nick');
  return {
    external_id: id,
    email: str(me, 'email').trim().toLowerCase(),
    email_verified: false,
    username: nick,
    display_name: nick,
    avatar: str(me, 'avatarUrl'),
    meta: JSON.stringify(me).slice(0, 10_000),
  };
}

/** The whole callback after the state check: code, exchange, profile. */
export async function finish(s: DingTalkSettings, callbackUrl: URL): Promise<ExternalUser> {
  const code = codeOf(callbackUrl);
  return currentUser(s, await userAccessToken(s, code));
}
