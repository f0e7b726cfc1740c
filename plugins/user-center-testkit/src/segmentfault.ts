/**
 * A local SegmentFault speaking OAuth 2.0's authorization-code grant (RFC 6749 §4.1, PKCE S256 per RFC 7636) at
 * the endpoints the SegmentFault plugin is configured with (plugins/user-center-segmentfault/README.md):
 * `GET /oauth/authorize` (signs the configured account in at once, or declines with `error=access_denied`),
 * `POST /oauth/token` (form body, client_secret_post) and `GET /api/oauth/user` (Bearer token).
 */
import { createHash } from 'node:crypto';
import { Grants } from './grants.js';
import { redirectBack, startFakeServer, type FakeServer } from './http.js';

/** The SegmentFault member who signs in next. */
export interface SegmentFaultAccount {
  id: string;
  slug: string;
  name: string;
  avatar?: string;
  email?: string;
  email_verified?: boolean;
}

export interface FakeSegmentFault extends FakeServer {
  client_id: string;
  client_secret: string;
  account: SegmentFaultAccount;
  /** the next sign-in is declined (`error=access_denied` on the callback) */
  declineNext: boolean;
  grants: Grants<SegmentFaultAccount>;
  /** the plugin configuration that points at this fake */
  endpoints: { authorization_endpoint: string; token_endpoint: string; user_endpoint: string };
}

const oauthError = (status: number, error: string, description: string) => ({ status, json: { error, error_description: description } });

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeSegmentFault(client = { client_id: 'sf-fake-client', client_secret: 'sf-fake-secret' }): Promise<FakeSegmentFault> {
  const grants = new Grants<SegmentFaultAccount>();
  const redirects = new Map<string, string>();
  // The routes read the account and the decline switch from the returned object, which tests change.
  const state = {
    account: { id: '1030000000001', slug: 'li-lei', name: 'Li Lei', avatar: 'https://avatar.segmentfault.example/li-lei.png', email: 'li.lei@sf.example', email_verified: true } as SegmentFaultAccount,
    declineNext: false,
  };
  const server = await startFakeServer({
    'GET /oauth/authorize': (req) => {
      const redirectUri = req.query.get('redirect_uri') ?? '';
      if (req.query.get('response_type') !== 'code' || req.query.get('client_id') !== client.client_id || !redirectUri) return oauthError(400, 'invalid_request', 'response_type, client_id or redirect_uri');
      const challenge = req.query.get('code_challenge') ?? '';
      if (challenge && req.query.get('code_challenge_method') !== 'S256') return oauthError(400, 'invalid_request', 'only S256');
      const back = { state: req.query.get('state') ?? '' };
      if (state.declineNext) {
        state.declineNext = false;
        return redirectBack(redirectUri, { error: 'access_denied', error_description: 'The member declined the authorization', ...back });
      }
      const code = grants.issueCode({ ...state.account }, client.client_id, redirectUri, challenge);
      redirects.set(code, redirectUri);
      return redirectBack(redirectUri, { code, ...back });
    },
    'POST /oauth/token': (req) => {
      const form = new URLSearchParams(req.body);
      if (form.get('client_id') !== client.client_id || form.get('client_secret') !== client.client_secret) return oauthError(401, 'invalid_client', 'unknown client or wrong secret');
      if (form.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'authorization_code only');
      const grant = grants.redeem(form.get('code') ?? '', client.client_id);
      if (typeof grant === 'string') return oauthError(400, 'invalid_grant', `code ${grant}`);
      if (form.get('redirect_uri') !== grant.redirect_uri) return oauthError(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
      const verifier = form.get('code_verifier') ?? '';
      if (grant.code_challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.code_challenge) return oauthError(400, 'invalid_grant', 'PKCE verification failed');
      return { json: { access_token: grants.issueToken(grant.account), token_type: 'bearer', expires_in: 3600 } };
    },
    'GET /api/oauth/user': (req) => {
      const auth = String(req.headers.authorization ?? '');
      const account = /^bearer /i.test(auth) ? grants.accountOf(auth.slice(7)) : undefined;
      if (!account) return oauthError(401, 'invalid_token', 'unknown access token');
      return { json: account };
    },
  });
  const endpoints = { authorization_endpoint: `${server.url}/oauth/authorize`, token_endpoint: `${server.url}/oauth/token`, user_endpoint: `${server.url}/api/oauth/user` };
  return Object.assign(state, server, client, { grants, endpoints });
}
