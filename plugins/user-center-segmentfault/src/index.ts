/**
 * `user_center_segmentfault`: SegmentFault takes over login and sign-up (Answer's user-center agent named
 * `SegmentFault`). The site's `/user-center/auth` page asks `GET /answer/api/v1/segmentfault/login/url` for
 * SegmentFault's authorization page (a fresh one-time state and PKCE verifier kept in the plugin store) and sends
 * the browser there; SegmentFault sends it back to `/answer/api/v1/user-center/login/callback`, where
 * `loginCallback` takes the state, exchanges the code and reads the member (protocol.ts, README.md).
 */
import { definePlugin, type ConfigField, type ExternalUser, type UserCenterContext, type UserCenterRequest } from '@quorum/plugin-api';
import { callbackUrl, issueState, redirectUserCenter, takeState } from '@quorum/user-center-kit';
import { SEGMENTFAULT_ICON } from './icon.js';
import { AUTHORIZATION_ENDPOINT, TOKEN_ENDPOINT, USER_ENDPOINT, authorizationUrl, finish, newAttempt, settingsOf, type Attempt } from './protocol.js';

/** The configuration form (admin console `/admin/user_center_segmentfault`). */
export const SEGMENTFAULT_FIELDS: readonly ConfigField[] = [
  { name: 'client_id', type: 'input', label: 'Client ID', description: 'The OAuth client SegmentFault registered for this site.', required: true },
  { name: 'client_secret', type: 'input', label: 'Client secret', required: true, secret: true },
  { name: 'display_name', type: 'input', label: 'Button name', description: "Shown as 'Log in with …' on the login and sign-up pages.", default: 'SegmentFault' },
  { name: 'keep_password_login', type: 'switch', label: 'Keep password login', description: 'Off: members log in only with SegmentFault.', default: 'true' },
  { name: 'scope', type: 'input', label: 'Scopes', description: 'Space-separated, as SegmentFault granted them to the client; empty sends none.' },
  { name: 'authorization_endpoint', type: 'input', format: 'url', label: 'Authorization endpoint', description: 'As SegmentFault gave it with the client (README.md: the defaults are assumed, not documented).', default: AUTHORIZATION_ENDPOINT },
  { name: 'token_endpoint', type: 'input', format: 'url', label: 'Token endpoint', default: TOKEN_ENDPOINT },
  { name: 'user_endpoint', type: 'input', format: 'url', label: 'User endpoint', description: 'Answers the signed-in member for the access token.', default: USER_ENDPOINT },
];

/** Finishes a callback: the one-time state (with the attempt's PKCE verifier), then the exchange and profile. */
async function callback(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser> {
  const attempt = JSON.parse(await takeState(ctx.store, request.query.state)) as Attempt;
  return finish(settingsOf(ctx.config, ctx.fetch), attempt, request.query.state ?? '', request.url);
}

export default definePlugin({
  manifest: {
    slug_name: 'user_center_segmentfault',
    name: 'SegmentFault',
    version: '1.0.0',
    description: 'Members log in and sign up with their SegmentFault account (OAuth 2.0).',
    link: 'https://segmentfault.com',
    kinds: ['user-center'],
    config: SEGMENTFAULT_FIELDS,
  },
  userCenter: redirectUserCenter({
    prefix: 'segmentfault',
    name: 'SegmentFault',
    icon: SEGMENTFAULT_ICON,
    url: 'https://segmentfault.com',
    async start(ctx) {
      const attempt = newAttempt(callbackUrl(ctx.site_url));
      const state = await issueState(ctx.store, JSON.stringify(attempt));
      return { url: await authorizationUrl(settingsOf(ctx.config, ctx.fetch), attempt, state), state };
    },
    callback,
  }),
});

export { profileOf } from './protocol.js';
