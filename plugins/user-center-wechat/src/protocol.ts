/**
 * WeChat login (README.md has the protocol with links to WeChat's documentation). Two ways in, one exchange:
 *
 * - a website QR login (WeChat Open Platform "website application"): the browser goes to
 *   `{open}/connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state#wechat_redirect`,
 *   WeChat shows a QR code, the member scans and confirms on the phone, and the same browser comes back to
 *   `redirect_uri?code&state`;
 * - inside WeChat's own browser (an official account's web authorization): the browser goes to
 *   `{open}/connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope=snsapi_userinfo&state#wechat_redirect`
 *   and comes back the same way.
 *
 * A declined login comes back with the state and no code. Then
 * `GET {api}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code` answers
 * `{access_token, expires_in, refresh_token, openid, scope, unionid}` and
 * `GET {api}/sns/userinfo?access_token&openid&lang` answers `{openid, nickname, headimgurl, unionid, …}`.
 * WeChat reports failures with HTTP 200 and `{errcode, errmsg}`.
 */
import { ConnectorError, type ExternalUser, type PluginConfig, type PluginFetch } from '@quorum/plugin-api';
import { endpoint, requestJson, str } from '@quorum/user-center-kit';

export const OPEN_BASE_URL = 'https://open.weixin.qq.com';
export const API_BASE_URL = 'https://api.weixin.qq.com';

/** Which WeChat application a login goes through. */
export type WeChatMode = 'website' | 'official_account';

/** One application's credentials. */
export interface WeChatApp {
  app_id: string;
  app_secret: string;
}

/** Where WeChat is and the site's applications there. */
export interface WeChatSettings {
  /** the Open Platform website application (QR login) */
  website: WeChatApp;
  /** the official account (login inside WeChat's browser); app_id '' when not configured */
  official_account: WeChatApp;
  /** https://open.weixin.qq.com */
  open_base_url: string;
  /** https://api.weixin.qq.com */
  api_base_url: string;
  /** how WeChat is called: the server's fetch (UserCenterContext.fetch) */
  fetch: PluginFetch;
}

/** The settings out of the plugin's stored configuration, defaults filled in, calls made through `fetch`. */
export function settingsOf(c: PluginConfig, fetch: PluginFetch): WeChatSettings {
  return {
    fetch,
    website: { app_id: c.app_id ?? '', app_secret: c.app_secret ?? '' },
    official_account: { app_id: c.mp_app_id ?? '', app_secret: c.mp_app_secret ?? '' },
    open_base_url: c.open_base_url || OPEN_BASE_URL,
    api_base_url: c.api_base_url || API_BASE_URL,
  };
}

/** True for WeChat's in-app browser, whose User-Agent carries `MicroMessenger` (WeCom's carries `wxwork` too). */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent) && !/wxwork/i.test(userAgent);
}

/** The way in for a browser: the official account inside WeChat when one is configured, else the QR login. */
export function modeFor(s: WeChatSettings, userAgent: string): WeChatMode {
  return isWeChatBrowser(userAgent) && s.official_account.app_id ? 'official_account' : 'website';
}

function appOf(s: WeChatSettings, mode: WeChatMode): WeChatApp {
  return mode === 'official_account' ? s.official_account : s.website;
}

/** The WeChat authorization page for one attempt; the `#wechat_redirect` fragment is part of WeChat's URL. */
export function authorizationUrl(s: WeChatSettings, mode: WeChatMode, state: string, redirectUri: string): string {
  const path = mode === 'official_account' ? '/connect/oauth2/authorize' : '/connect/qrconnect';
  const url = endpoint(s.open_base_url, path);
  const scope = mode === 'official_account' ? 'snsapi_userinfo' : 'snsapi_login';
  url.search = new URLSearchParams({ appid: appOf(s, mode).app_id, redirect_uri: redirectUri, response_type: 'code', scope, state }).toString();
  url.hash = 'wechat_redirect';
  return url.href;
}

/**
 * The code of a callback (the state was checked by the caller).
 * @throws ConnectorError `provider_error` when WeChat came back without a code (the member declined)
 */
export function codeOf(callbackUrl: URL): string {
  const code = callbackUrl.searchParams.get('code') ?? '';
  if (!code) throw new ConnectorError('provider_error', 'WeChat sent no code (the login was declined)');
  return code;
}

/** WeChat's error codes that mean "this code cannot be used": invalid (40029), used (40163), expired (42003). */
const CODE_ERRORS = new Set([40029, 40163, 42003]);

function failure(call: string, body: Record<string, unknown>, status: number): ConnectorError | null {
  const errcode = typeof body.errcode === 'number' ? body.errcode : Number(body.errcode ?? 0);
  if (status >= 200 && status < 300 && !errcode) return null;
  const why = `${call}: ${errcode ? `errcode ${errcode} ${str(body, 'errmsg')}` : `HTTP ${status}`}`.trim();
  return new ConnectorError(CODE_ERRORS.has(errcode) ? 'code_refused' : 'provider_error', why);
}

/** The tokens of a code exchange. */
export interface WeChatTokens {
  access_token: string;
  openid: string;
  unionid: string;
}

/**
 * Exchanges the code with the application the attempt went through.
 * @throws ConnectorError `code_refused` (invalid, used or expired code), `provider_error` (any other errcode)
 */
export async function accessToken(s: WeChatSettings, mode: WeChatMode, code: string): Promise<WeChatTokens> {
  const app = appOf(s, mode);
  const url = endpoint(s.api_base_url, '/sns/oauth2/access_token');
  url.search = new URLSearchParams({ appid: app.app_id, secret: app.app_secret, code, grant_type: 'authorization_code' }).toString();
  const reply = await requestJson(s.fetch, url, { method: 'GET', headers: { accept: 'application/json' } });
  const err = failure('sns/oauth2/access_token', reply.body, reply.status);
  if (err) throw err;
  const tokens = { access_token: str(reply.body, 'access_token'), openid: str(reply.body, 'openid'), unionid: str(reply.body, 'unionid') };
  if (!tokens.access_token || !tokens.openid) throw new ConnectorError('provider_error', 'sns/oauth2/access_token: no access_token or openid');
  return tokens;
}

/**
 * The member's WeChat profile (`sns/userinfo`).
 * @throws ConnectorError `provider_error` on an errcode
 */
export async function userInfo(s: WeChatSettings, tokens: WeChatTokens): Promise<Record<string, unknown>> {
  const url = endpoint(s.api_base_url, '/sns/userinfo');
  url.search = new URLSearchParams({ access_token: tokens.access_token, openid: tokens.openid, lang: 'en' }).toString();
  const reply = await requestJson(s.fetch, url, { method: 'GET', headers: { accept: 'application/json' } });
  const err = failure('sns/userinfo', reply.body, reply.status);
  if (err) throw err;
  return reply.body;
}

/**
 * Maps WeChat's profile to the member Quorum knows. The account id is the `unionid` (one per person across the
 * developer's WeChat applications, so the QR login and the official account find the same member), or the
 * application's `openid` when the application is not bound to an Open Platform account. WeChat gives no e-mail.
 * @throws ConnectorError `no_external_id` when neither id is there
 */
export function profileOf(tokens: WeChatTokens, info: Record<string, unknown>): ExternalUser {
  const id = str(info, 'unionid') || tokens.unionid || str(info, 'openid') || tokens.openid;
  if (!id) throw new ConnectorError('no_external_id', 'WeChat sent neither unionid nor openid');
  const nickname = str(info, 'nickname');
  return {
    external_id: id,
    email: '',
    email_verified: false,
    username: nickname,
    display_name: nickname,
    avatar: str(info, 'headimgurl'),
    meta: JSON.stringify(info).slice(0, 10_000),
  };
}

/** The whole callback after the state check: code, exchange, profile. */
export async function finish(s: WeChatSettings, mode: WeChatMode, callbackUrl: URL): Promise<ExternalUser> {
  const tokens = await accessToken(s, mode, codeOf(callbackUrl));
  return profileOf(tokens, await userInfo(s, tokens));
}
