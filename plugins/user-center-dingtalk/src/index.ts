/**
 * `user_center_dingtalk`: DingTalk takes over login and sign-up (Answer's user-center agent named `DingTalk`).
 * The site's `/user-center/auth` page (through the description's `qr_login`, whose URL route answers `in_app: true`:
 * navigate, show no QR code on the site) asks `GET /answer/api/v1/dingtalk/login/url` for DingTalk's sign-in page
 * (with a fresh one-time state) and sends the browser there; DingTalk sends it back to
 * `/answer/api/v1/user-center/login/callback`, where `loginCallback` checks the state, exchanges the code and reads
 * the member (protocol.ts; README.md has DingTalk's documented protocol).
 */
import { definePlugin, type ConfigField, type ExternalUser, type UserCenterContext, type UserCenterRequest } from '@quorum/plugin-api';
import { callbackUrl, issueState, redirectUserCenter, takeState } from '@quorum/user-center-kit';
import { DINGTALK_ICON } from './icon.js';
import { API_BASE_URL, LOGIN_BASE_URL, authorizationUrl, finish, settingsOf } from './protocol.js';

/** The configuration form (admin console `/admin/user_center_dingtalk`). */
export const DINGTALK_FIELDS: readonly ConfigField[] = [
  { name: 'client_id', type: 'input', label: 'Client ID (AppKey)', description: "The application's Client ID from the DingTalk developer console.", required: true },
  { name: 'client_secret', type: 'input', label: 'Client secret (AppSecret)', required: true, secret: true },
  { name: 'display_name', type: 'input', label: 'Button name', description: "Shown as 'Log in with …' on the login and sign-up pages.", default: 'DingTalk' },
  { name: 'keep_password_login', type: 'switch', label: 'Keep password login', description: 'Off: members log in only with DingTalk.', default: 'true' },
  { name: 'login_base_url', type: 'input', format: 'url', label: 'DingTalk sign-in URL', description: 'Change only to test against a local server.', default: LOGIN_BASE_URL },
  { name: 'api_base_url', type: 'input', format: 'url', label: 'DingTalk API URL', description: 'Change only to test against a local server.', default: API_BASE_URL },
];

/** Finishes a callback: the one-time state, then DingTalk's code exchange and profile. */
async function callback(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser> {
  await takeState(ctx.store, request.query.state);
  return finish(settingsOf(ctx.config, ctx.fetch), request.url);
}

export default definePlugin({
  manifest: {
    slug_name: 'user_center_dingtalk',
    name: 'DingTalk',
    version: '1.0.0',
    description: 'Members log in and sign up with their DingTalk account (DingTalk login for third-party websites).',
    link: 'https://open.dingtalk.com/document/orgapp/tutorial-obtaining-user-personal-information',
    kinds: ['user-center'],
    config: DINGTALK_FIELDS,
  },
  userCenter: redirectUserCenter({
    prefix: 'dingtalk',
    name: 'DingTalk',
    icon: DINGTALK_ICON,
    url: 'https://www.dingtalk.com',
    async start(ctx) {
      const state = await issueState(ctx.store, 'dingtalk');
      return { url: authorizationUrl(settingsOf(ctx.config, ctx.fetch), state, callbackUrl(ctx.site_url)), state };
    },
    callback,
  }),
});

export { profileOf } from './protocol.js';
