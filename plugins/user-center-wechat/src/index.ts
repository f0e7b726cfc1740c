/**
 * `user_center_wechat`: WeChat takes over login and sign-up (Answer's user-center agent named `WeChat`).
 * The site's `/user-center/auth` page (through the description's `qr_login`, whose URL route answers `in_app: true`:
 * navigate, show no QR code on the site) asks `GET /answer/api/v1/wechat/login/url` for WeChat's authorization page
 * (with a fresh one-time state) and sends the browser there: the QR login of the Open Platform website application,
 * or, inside WeChat's own browser and when an official account is configured, the official account's web
 * authorization. WeChat sends the browser back to `/answer/api/v1/user-center/login/callback`, where
 * `loginCallback` checks the state, exchanges the code with the same application and reads the member
 * (protocol.ts; README.md has WeChat's documented protocol).
 */
import { definePlugin, type ConfigField, type ExternalUser, type UserCenterContext, type UserCenterRequest } from '@quorum/plugin-api';
import { callbackUrl, issueState, redirectUserCenter, takeState } from '@quorum/user-center-kit';
import { WECHAT_ICON } from './icon.js';
import { API_BASE_URL, OPEN_BASE_URL, authorizationUrl, finish, modeFor, settingsOf, type WeChatMode } from './protocol.js';

/** The configuration form (admin console `/admin/user_center_wechat`). */
export const WECHAT_FIELDS: readonly ConfigField[] = [
  { name: 'app_id', type: 'input', label: 'Website application AppID', description: 'From the WeChat Open Platform: a website application with WeChat login approved.', required: true },
  { name: 'app_secret', type: 'input', label: 'Website application AppSecret', required: true, secret: true },
  { name: 'mp_app_id', type: 'input', label: 'Official account AppID', description: "Optional: members who open the site inside WeChat log in through this official account's web authorization." },
  { name: 'mp_app_secret', type: 'input', label: 'Official account AppSecret', secret: true },
  { name: 'display_name', type: 'input', label: 'Button name', description: "Shown as 'Log in with …' on the login and sign-up pages.", default: 'WeChat' },
  { name: 'keep_password_login', type: 'switch', label: 'Keep password login', description: 'Off: members log in only with WeChat.', default: 'true' },
  { name: 'open_base_url', type: 'input', format: 'url', label: 'WeChat authorization URL', description: 'Change only to test against a local server.', default: OPEN_BASE_URL },
  { name: 'api_base_url', type: 'input', format: 'url', label: 'WeChat API URL', description: 'Change only to test against a local server.', default: API_BASE_URL },
];

/** Finishes a callback: the one-time state (which application the attempt used), then WeChat's exchange and profile. */
async function callback(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser> {
  const mode = (await takeState(ctx.store, request.query.state)) as WeChatMode;
  return finish(settingsOf(ctx.config, ctx.fetch), mode === 'official_account' ? 'official_account' : 'website', request.url);
}

export default definePlugin({
  manifest: {
    slug_name: 'user_center_wechat',
    name: 'WeChat',
    version: '1.0.0',
    description: 'Members log in and sign up with WeChat: QR-code login on a computer, the official account inside WeChat.',
    link: 'https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html',
    kinds: ['user-center'],
    config: WECHAT_FIELDS,
  },
  validateConfig(c) {
    const issues: Record<string, string> = {};
    if (c.mp_app_id && !c.mp_app_secret) issues.mp_app_secret = 'error.form.cannot_be_empty';
    return issues;
  },
  userCenter: redirectUserCenter({
    prefix: 'wechat',
    name: 'WeChat',
    icon: WECHAT_ICON,
    url: 'https://weixin.qq.com',
    async start(ctx, request) {
      const s = settingsOf(ctx.config, ctx.fetch);
      const mode = modeFor(s, request.user_agent);
      const state = await issueState(ctx.store, mode);
      return { url: authorizationUrl(s, mode, state, callbackUrl(ctx.site_url)), state };
    },
    callback,
  }),
});

export { isWeChatBrowser, profileOf } from './protocol.js';
