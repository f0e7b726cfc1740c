/**
 * The WeCom server API calls this plugin makes (README.md has the protocol with links to WeCom's documentation):
 * - GET  {api}/cgi-bin/gettoken?corpid&corpsecret -> `{errcode, errmsg, access_token, expires_in}` (doc 91039)
 * - GET  {api}/cgi-bin/auth/getuserinfo?access_token&code -> `{errcode, userid, user_ticket}` for a member of the
 *   company, `{errcode, openid}` for anyone else (doc 91023)
 * - POST {api}/cgi-bin/auth/getuserdetail?access_token `{user_ticket}` -> `{errcode, userid, email, biz_mail,
 *   avatar, ...}`: the fields the member agreed to share (doc 95833)
 * - GET  {api}/cgi-bin/user/get?access_token&userid -> `{errcode, userid, name, status, ...}`; status 1 is an
 *   active member (doc 90196)
 * Every answer carries `errcode` (0 = success) and `errmsg`; HTTP status is 200 either way.
 */
import { ConnectorError, type PluginFetch, type PluginStore } from '@quorum/plugin-api';

/** What the plugin needs to reach WeCom. */
export interface WeComSettings {
  /** API base URL without a trailing slash, e.g. https://qyapi.weixin.qq.com */
  api: string;
  corp_id: string;
  agent_id: string;
  secret: string;
  /** how WeCom is called: the server's fetch (UserCenterContext.fetch) */
  fetch: PluginFetch;
}

/** A WeCom answer: errcode 0 is success. */
interface WeComAnswer {
  errcode?: number;
  errmsg?: string;
  [k: string]: unknown;
}

const TIMEOUT_MS = 10_000;

async function call(s: WeComSettings, path: string, query: Record<string, string>, body?: unknown): Promise<WeComAnswer> {
  const url = new URL(`${s.api}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await s.fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    redirect: 'error',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`WeCom ${path} answered HTTP ${res.status}`);
  return (await res.json()) as WeComAnswer;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/**
 * The application's access token, kept in the plugin store until shortly before WeCom says it expires (at most an
 * hour), keyed by corp id and agent id so a changed configuration fetches a new one.
 * @throws Error when WeCom refuses the corp id / secret (errcode 40013, 40001, ...): a configuration problem
 */
export async function accessToken(s: WeComSettings, store: PluginStore): Promise<string> {
  const key = `token:${s.corp_id}:${s.agent_id}`.slice(0, 191);
  const cached = await store.get(key);
  if (cached) return cached;
  const r = await call(s, '/cgi-bin/gettoken', { corpid: s.corp_id, corpsecret: s.secret });
  const token = str(r.access_token);
  if (r.errcode || !token) throw new Error(`WeCom gettoken refused: ${r.errcode} ${r.errmsg ?? ''}`.trim());
  const ttl = Math.min(3600, Math.max(60, Number(r.expires_in ?? 7200) - 300));
  await store.set(key, token, ttl);
  return token;
}

/** The member a WeCom login code stands for. */
export interface WeComMember {
  userid: string;
  name: string;
  /** the company mailbox (biz_mail), '' when none */
  biz_mail: string;
  /** the address the directory holds, '' when none or not shared */
  email: string;
  avatar: string;
  /** 1 active, 2 disabled, 4 not yet activated, 5 left the company */
  status: number;
  raw: Record<string, unknown>;
}

/**
 * Turns a login code into the member: getuserinfo, then getuserdetail (with the user ticket, when WeCom gave one)
 * and user/get.
 * @throws ConnectorError `code_refused` (invalid, used or expired code: errcode 40029 and others), `not_member`
 *   (the scanner is not a member of the company), `provider_error` (a later call failed)
 */
export async function memberFromCode(s: WeComSettings, store: PluginStore, code: string): Promise<WeComMember> {
  const token = await accessToken(s, store);
  const info = await call(s, '/cgi-bin/auth/getuserinfo', { access_token: token, code });
  if (info.errcode) throw new ConnectorError('code_refused', `WeCom getuserinfo: ${info.errcode} ${info.errmsg ?? ''}`);
  const userid = str(info.userid ?? info.UserId);
  if (!userid) throw new ConnectorError('not_member', 'the WeCom account is not a member of this company');
  const ticket = str(info.user_ticket);
  const detail = ticket ? await call(s, '/cgi-bin/auth/getuserdetail', { access_token: token }, { user_ticket: ticket }) : {};
  if (detail.errcode) throw new ConnectorError('provider_error', `WeCom getuserdetail: ${detail.errcode} ${detail.errmsg ?? ''}`);
  const user = await call(s, '/cgi-bin/user/get', { access_token: token, userid });
  if (user.errcode) throw new ConnectorError('provider_error', `WeCom user/get: ${user.errcode} ${user.errmsg ?? ''}`);
  return {
    userid,
    name: str(user.name) || userid,
    biz_mail: str(detail.biz_mail ?? user.biz_mail).trim().toLowerCase(),
    email: str(detail.email ?? user.email).trim().toLowerCase(),
    avatar: str(detail.avatar ?? user.avatar),
    status: Number(user.status ?? 1),
    raw: { userid, name: user.name, department: user.department, position: user.position, status: user.status },
  };
}

/**
 * WeCom's OAuth 2.0 authorization URL for an application (doc 91022): opened inside the WeCom app (by scanning it
 * as a QR code, or directly in WeCom's browser) it asks the member to allow the application, then goes to
 * `redirect_uri?code=CODE&state=STATE`. `snsapi_privateinfo` lets getuserdetail return the e-mail and avatar.
 */
export function authorizeUrl(s: WeComSettings, redirectUri: string, state: string): string {
  const q = new URLSearchParams({ appid: s.corp_id, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_privateinfo', state, agentid: s.agent_id });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
}
