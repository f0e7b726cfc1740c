/**
 * A local DingTalk speaking the endpoints of DingTalk's login for third-party websites as documented
 * (plugins/user-center-dingtalk/README.md): the sign-in page `GET /oauth2/auth`, which signs the configured account
 * in at once (or declines), `POST /v1.0/oauth2/userAccessToken` and `GET /v1.0/contact/users/me`. Errors have
 * DingTalk's shape `{code, message, requestid}` with a 4xx status.
 */
import { Grants } from './grants.js';
import { redirectBack, startFakeServer, type FakeServer } from './http.js';

/** The DingTalk member who signs in next. */
export interface DingTalkAccount {
  unionId: string;
  openId: string;
  nick: string;
  email?: string;
  avatarUrl?: string;
  mobile?: string;
}

export interface FakeDingTalk extends FakeServer {
  client_id: string;
  client_secret: string;
  /** who signs in next */
  account: DingTalkAccount;
  /** the next sign-in is declined by the member (DingTalk comes back without authCode) */
  declineNext: boolean;
  grants: Grants<DingTalkAccount>;
}

const fail = (status: number, code: string, message: string) => ({ status, json: { code, message, requestid: 'fake-request' } });

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeDingTalk(client = { client_id: 'dingfakeclient', client_secret: 'dingfakesecret' }): Promise<FakeDingTalk> {
  const grants = new Grants<DingTalkAccount>();
  // The routes read the account and the decline switch from the returned object, which tests change.
  const state = {
    account: { unionId: 'union-alice', openId: 'open-alice', nick: 'Alice', email: 'alice@dingtalk.example', avatarUrl: 'https://static.dingtalk.example/alice.png', mobile: '13800000000' } as DingTalkAccount,
    declineNext: false,
  };
  const server = await startFakeServer({
    'GET /oauth2/auth': (req) => {
      const redirectUri = req.query.get('redirect_uri') ?? '';
      if (req.query.get('response_type') !== 'code' || req.query.get('client_id') !== client.client_id || !redirectUri) return fail(400, 'invalidParameter', 'response_type, client_id or redirect_uri');
      if (!(req.query.get('scope') ?? '').split(' ').includes('openid')) return fail(400, 'invalidParameter.scope', 'scope must include openid');
      const back = { state: req.query.get('state') ?? '' };
      if (state.declineNext) {
        state.declineNext = false;
        return redirectBack(redirectUri, back);
      }
      return redirectBack(redirectUri, { ...back, authCode: grants.issueCode({ ...state.account }, client.client_id, redirectUri) });
    },
    'POST /v1.0/oauth2/userAccessToken': (req) => {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return fail(400, 'invalidParameter', 'a JSON body is expected');
      const body = JSON.parse(req.body || '{}') as Record<string, string>;
      if (body.grantType !== 'authorization_code') return fail(400, 'invalidParameter.grantType', 'grantType');
      if (body.clientId !== client.client_id || body.clientSecret !== client.client_secret) return fail(400, 'invalidClientIdOrSecret', 'unknown clientId or wrong clientSecret');
      const grant = grants.redeem(body.code ?? '', body.clientId);
      if (typeof grant === 'string') return fail(400, 'invalidAuthCode', `authCode ${grant}`);
      return { json: { accessToken: grants.issueToken(grant.account), refreshToken: 'refresh-not-used', expireIn: 7200 } };
    },
    'GET /v1.0/contact/users/me': (req) => {
      const account = grants.accountOf(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!account) return fail(401, 'InvalidAuthentication', 'invalid access token');
      return { json: { ...account, stateCode: '86' } };
    },
  });
  return Object.assign(state, server, client, { grants });
}
