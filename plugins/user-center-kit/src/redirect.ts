/**
 * The `user-center` hooks of a provider whose own page does the login (DingTalk, WeChat, SegmentFault): the site's
 * /user-center/auth page asks `/<prefix>/login/url` for the provider's address and sends the browser there; the
 * provider brings the same browser back through `/answer/api/v1/user-center/login/callback`. The URL route declares
 * the attempt's state (`login_start`), so the server binds it to that browser and refuses the callback anywhere
 * else. The provider's page shows any QR code itself, so the check route has nothing to report (and a state seen
 * in a URL cannot claim a login). Agent fields follow Answer's `UserCenterDesc`.
 */
import type { ExternalUser, PluginConfig, UserCenterContext, UserCenterHooks, UserCenterRequest } from '@quorum/plugin-api';
import { STATE_TTL_SECONDS } from './state.js';

/** What differs between such providers. */
export interface RedirectProvider {
  /** route prefix and provider key, e.g. `dingtalk` (routes `/dingtalk/login/url` and `/dingtalk/login/check`) */
  prefix: string;
  /** the provider's name, also the button's default label */
  name: string;
  /** the button icon: an SVG document drawn in currentColor */
  icon: string;
  /** the provider's home page */
  url: string;
  /** the provider's authorization address for one attempt, and the attempt's one-time state it issued (issueState) */
  start(ctx: UserCenterContext, request: UserCenterRequest): Promise<{ url: string; state: string }>;
  /** finishes the callback (taking the one-time state, exchanging the code, reading the profile) */
  callback(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser>;
}

/** The site's callback address for a login (Answer's user-center login callback). */
export function callbackUrl(siteUrl: string): string {
  return `${siteUrl}/answer/api/v1/user-center/login/callback`;
}

/**
 * The hooks: the agent description (button label from `display_name`, password login kept unless
 * `keep_password_login` is 'false'), the callback for login and sign-up, and the two routes.
 */
export function redirectUserCenter(p: RedirectProvider): UserCenterHooks {
  const urlPath = `/${p.prefix}/login/url`;
  const checkPath = `/${p.prefix}/login/check`;
  return {
    description: (c: PluginConfig) => ({
      name: p.name,
      display_name: c.display_name || p.name,
      icon: p.icon,
      url: p.url,
      login_redirect_url: '/user-center/auth',
      sign_up_redirect_url: '/user-center/auth',
      rank_agent_enabled: false,
      user_status_agent_enabled: false,
      user_role_agent_enabled: false,
      must_auth_email_enabled: false,
      enabled_original_user_system: c.keep_password_login !== 'false',
      qr_login: { url_path: urlPath, check_path: checkPath },
    }),
    loginCallback: p.callback,
    signUpCallback: p.callback,
    routes: [
      {
        method: 'GET',
        path: urlPath,
        handler: async (ctx, request) => {
          const { url, state } = await p.start(ctx, request);
          return { data: { redirect_url: url, key: '', in_app: true }, login_start: { state, ttl_seconds: STATE_TTL_SECONDS } };
        },
      },
      { method: 'GET', path: checkPath, handler: async () => ({ data: { is_login: false } }) },
    ],
  };
}
