/**
 * `user_center_wecom`: WeCom (WeChat Work) as the site's external user center (plugin-api user-center.ts; Answer's
 * user-center-wecom plugin for the routes its web client calls). README.md writes the protocol down.
 *
 * - Desktop: /user-center/auth asks `GET /answer/api/v1/wecom/login/url` for a QR code (WeCom's authorization URL
 *   with a fresh key as its `state`) and polls `GET /answer/api/v1/wecom/login/check?key` every 2 s. The member
 *   scans the code with the WeCom app and allows the application; WeCom sends the phone to the site's
 *   /user-center/login/callback?code&state; that login marks the key confirmed, and the next poll signs the
 *   desktop browser in.
 * - Inside WeCom's own browser (User-Agent with `wxwork`): the same URL answers `in_app: true` and the page goes
 *   straight to the authorization URL.
 * Keys live 5 minutes in the plugin store, sign in once, and the callback is refused for a state the site did not
 * hand out (CSRF). The URL route declares each key as a login start (`login_start`; `other_device` for a QR
 * code): the server binds it to the browser that asked, so only that browser's poll (or, inside WeCom, that
 * browser's callback) signs in.
 */
import { ConnectorError, definePlugin, type ConfigField, type PluginConfig, type PluginFetch, type UserCenterContext } from '@quorum/plugin-api';
import { WECOM_ICON } from './icon.js';
import { authorizeUrl, memberFromCode, type WeComSettings } from './wecom-api.js';

/** WeCom's API when the configuration names none. */
export const DEFAULT_API_BASE = 'https://qyapi.weixin.qq.com';
/** How long a QR key waits for its scan (seconds). */
export const KEY_SECONDS = 5 * 60;
const KEY = /^[0-9a-f]{32}$/;

/** The configuration form (admin console `/admin/user_center_wecom`). */
export const WECOM_FIELDS: readonly ConfigField[] = [
  { name: 'corp_id', type: 'input', label: 'Corp ID', description: "Your company's ID (My Company > Company Information in the WeCom admin console).", required: true },
  { name: 'agent_id', type: 'input', label: 'Agent ID', description: 'The AgentId of the self-built application members log in to.', required: true },
  { name: 'secret', type: 'input', label: 'Secret', description: "The application's Secret.", required: true, secret: true },
  { name: 'api_base_url', type: 'input', format: 'url', label: 'API base URL', description: "WeCom's server API. Change it only to reach WeCom through a proxy.", default: DEFAULT_API_BASE },
  { name: 'password_login', type: 'switch', label: 'Password login too', description: "Off: members log in with WeCom only; the site's password login and sign-up are refused.", default: 'true' },
];

function settings(c: PluginConfig, fetch: PluginFetch): WeComSettings {
  return { api: (c.api_base_url || DEFAULT_API_BASE).replace(/\/+$/, ''), corp_id: c.corp_id ?? '', agent_id: c.agent_id ?? '', secret: c.secret ?? '', fetch };
}

function callbackUrl(ctx: UserCenterContext): string {
  return `${ctx.site_url}/answer/api/v1/user-center/login/callback`;
}

function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('hex');
}

const keyOf = (k: string) => `qr:${k}`;

export default definePlugin({
  manifest: {
    slug_name: 'user_center_wecom',
    name: 'WeCom',
    version: '1.0.0',
    description: 'Members log in with WeCom (WeChat Work): scan a QR code with the WeCom app, or open the site inside WeCom.',
    link: 'https://developer.work.weixin.qq.com/document/path/91022',
    kinds: ['user-center'],
    config: WECOM_FIELDS,
  },
  validateConfig(c) {
    const issues: Record<string, string> = {};
    if (c.agent_id && !/^\d{1,20}$/.test(c.agent_id)) issues.agent_id = 'error.form.is_invalid';
    if (c.corp_id && !/^[\w-]{1,64}$/.test(c.corp_id)) issues.corp_id = 'error.form.is_invalid';
    return issues;
  },
  userCenter: {
    description: (c) => ({
      name: 'WeCom',
      display_name: 'WeCom',
      icon: WECOM_ICON,
      url: '',
      login_redirect_url: '/user-center/auth',
      sign_up_redirect_url: '/user-center/auth',
      rank_agent_enabled: false,
      user_status_agent_enabled: false,
      user_role_agent_enabled: false,
      must_auth_email_enabled: true,
      enabled_original_user_system: c.password_login !== 'false',
      qr_login: { url_path: '/wecom/login/url', check_path: '/wecom/login/check' },
    }),

    async loginCallback(ctx, request) {
      const code = request.query.code ?? '';
      const state = request.query.state ?? '';
      if (!code) throw new ConnectorError('provider_error', 'WeCom sent no code (the member did not allow the application)');
      if (!KEY.test(state) || (await ctx.store.get(keyOf(state))) === null) throw new ConnectorError('state_mismatch', 'unknown or expired state');
      const m = await memberFromCode(settings(ctx.config, ctx.fetch), ctx.store, code);
      if (m.status !== 1) throw new ConnectorError('user_not_available', `WeCom member ${m.userid} is not active (status ${m.status})`);
      return {
        external_id: m.userid,
        // The company mailbox is WeCom's own; an address typed into the directory is proven on the site first.
        email: m.biz_mail || m.email,
        email_verified: Boolean(m.biz_mail),
        username: m.userid,
        display_name: m.name,
        avatar: m.avatar,
        meta: JSON.stringify(m.raw).slice(0, 10_000),
      };
    },

    async afterLogin(ctx, externalId, request) {
      const state = request.query.state ?? '';
      if (KEY.test(state) && (await ctx.store.get(keyOf(state))) !== null) await ctx.store.set(keyOf(state), `done:${externalId}`, KEY_SECONDS);
    },

    routes: [
      {
        method: 'GET',
        path: '/wecom/login/url',
        async handler(ctx, request) {
          const key = newKey();
          await ctx.store.set(keyOf(key), 'waiting', KEY_SECONDS);
          const inApp = /\bwxwork\b/i.test(request.user_agent);
          return {
            data: { redirect_url: authorizeUrl(settings(ctx.config, ctx.fetch), callbackUrl(ctx), key), key, in_app: inApp },
            login_start: { state: key, ttl_seconds: KEY_SECONDS, other_device: !inApp },
          };
        },
      },
      {
        method: 'GET',
        path: '/wecom/login/check',
        async handler(ctx, request) {
          const key = request.query.key ?? '';
          const state = KEY.test(key) ? await ctx.store.get(keyOf(key)) : null;
          if (state === null) throw new ConnectorError('key_invalid', 'unknown or expired QR key');
          if (!state.startsWith('done:')) return { data: { is_login: false } };
          // The server signs in only the browser that asked for this key, once; a poll from any other browser (one
          // that saw the QR code) is refused there and does not spend the key.
          return { data: { is_login: true }, login: { external_id: state.slice('done:'.length) } };
        },
      },
    ],
  },
});
