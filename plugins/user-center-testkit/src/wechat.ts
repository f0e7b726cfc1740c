/**
 * A local WeChat speaking the documented endpoints of WeChat login (plugins/user-center-wechat/README.md): the QR
 * login page `GET /connect/qrconnect` of a website application and the official account's
 * `GET /connect/oauth2/authorize` (both sign the configured account in at once, or decline), then
 * `GET /sns/oauth2/access_token` and `GET /sns/userinfo`. Failures are HTTP 200 with `{errcode, errmsg}`, as WeChat
 * answers them. The openid is per application; the unionid is the person's (unless `withUnionid` is off).
 */
import { createHash } from 'node:crypto';
import { Grants } from './grants.js';
import { redirectBack, startFakeServer, type FakeServer } from './http.js';

/** The WeChat member who signs in next. */
export interface WeChatAccount {
  unionid: string;
  nickname: string;
  headimgurl?: string;
}

/** An application registered with the fake: the website application or the official account. */
export interface WeChatFakeApp {
  app_id: string;
  app_secret: string;
}

export interface FakeWeChat extends FakeServer {
  website: WeChatFakeApp;
  official_account: WeChatFakeApp;
  account: WeChatAccount;
  /** the next login is declined (WeChat comes back with the state and no code) */
  declineNext: boolean;
  /** false: the applications are not bound to an Open Platform account, so no unionid is given */
  withUnionid: boolean;
  grants: Grants<WeChatAccount>;
  /** the openid the account has in an application */
  openidOf(appId: string, account: WeChatAccount): string;
}

const err = (errcode: number, errmsg: string) => ({ json: { errcode, errmsg } });

/** The openid of a person in one application: stable, different per application. */
function openidOf(appId: string, account: WeChatAccount): string {
  return 'o' + createHash('sha256').update(`${appId}:${account.unionid}`).digest('base64url').slice(0, 27);
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeWeChat(): Promise<FakeWeChat> {
  const website = { app_id: 'wxfakewebsite', app_secret: 'website-secret' };
  const officialAccount = { app_id: 'wxfakeofficial', app_secret: 'official-secret' };
  const apps = [website, officialAccount];
  const grants = new Grants<WeChatAccount>();
  const tokenApps = new Map<string, string>();
  // The routes read the account and switches from the returned object, which tests change.
  const state = {
    account: { unionid: 'union-wang', nickname: 'Wang Wei', headimgurl: 'https://thirdwx.example/wang.png' } as WeChatAccount,
    declineNext: false,
    withUnionid: true,
  };
  const authorize = (app: WeChatFakeApp, scope: string) => (req: { query: URLSearchParams }) => {
    const redirectUri = req.query.get('redirect_uri') ?? '';
    if (req.query.get('appid') !== app.app_id || req.query.get('response_type') !== 'code' || req.query.get('scope') !== scope || !redirectUri) return { status: 400, json: { errcode: 10003, errmsg: 'redirect_uri, appid, response_type or scope' } };
    const back = { state: req.query.get('state') ?? '' };
    if (state.declineNext) {
      state.declineNext = false;
      return redirectBack(redirectUri, back);
    }
    return redirectBack(redirectUri, { code: grants.issueCode({ ...state.account }, app.app_id, redirectUri), ...back });
  };
  const server = await startFakeServer({
    'GET /connect/qrconnect': authorize(website, 'snsapi_login'),
    'GET /connect/oauth2/authorize': authorize(officialAccount, 'snsapi_userinfo'),
    'GET /sns/oauth2/access_token': (req) => {
      const app = apps.find((a) => a.app_id === req.query.get('appid'));
      if (!app) return err(40013, 'invalid appid');
      if (req.query.get('secret') !== app.app_secret) return err(40125, 'invalid appsecret');
      if (req.query.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
      const grant = grants.redeem(req.query.get('code') ?? '', app.app_id);
      if (grant === 'used') return err(40163, 'code been used');
      if (grant === 'expired') return err(42003, 'code expired');
      if (typeof grant === 'string') return err(40029, 'invalid code');
      const scope = app === website ? 'snsapi_login' : 'snsapi_userinfo';
      const token = grants.issueToken(grant.account);
      tokenApps.set(token, app.app_id);
      return { json: { access_token: token, expires_in: 7200, refresh_token: 'refresh-not-used', openid: openidOf(app.app_id, grant.account), scope, ...(state.withUnionid ? { unionid: grant.account.unionid } : {}) } };
    },
    'GET /sns/userinfo': (req) => {
      const token = req.query.get('access_token') ?? '';
      const account = grants.accountOf(token);
      if (!account) return err(40001, 'invalid credential, access_token is invalid or not latest');
      const openid = openidOf(tokenApps.get(token) ?? '', account);
      if (req.query.get('openid') !== openid) return err(40003, 'invalid openid');
      return { json: { openid, nickname: account.nickname, sex: 0, province: '', city: '', country: '', headimgurl: account.headimgurl ?? '', privilege: [], ...(state.withUnionid ? { unionid: account.unionid } : {}) } };
    },
  });
  return Object.assign(state, server, { website, official_account: officialAccount, grants, openidOf });
}
