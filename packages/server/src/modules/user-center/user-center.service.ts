/**
 * The external user center (spec §2 auth routes, §3 "External user-system agent", §7 "Connectors and user center";
 * Answer's user_center_controller.go and UserCenterLoginService for the flow and shapes).
 *
 * At most one user-center plugin is on (plugin.service refuses a second). While one is, the login and sign-up
 * pages hand over to it: `agent_info.login_redirect_url` is the site's /user-center/login/redirect, which sends the
 * browser to the plugin's login address (a provider URL, or the site's /user-center/auth page for a QR flow). The
 * provider returns to /user-center/login/callback (or sign-up/callback); the plugin turns that request into an
 * ExternalUser, and the connector module's account logic finds or creates the member, linked in
 * `external_logins` under the plugin's slug. With `enabled_original_user_system` false, password login and sign-up
 * are refused.
 *
 * A login is bound to the browser that started it (RFC 6749 §10.12; modules/connector login-browser.ts): the route
 * that starts it declares its state (plugin-api `login_start`), the server keeps the SHA-256 of a random value with
 * the state's hash in its own store and sets the value in the browser's `quorum_uc_state` cookie on the callback
 * paths; a callback without that cookie is refused before the plugin sees it. A QR login (`other_device`) is
 * confirmed by another browser, the phone: that callback opens no session and offers no e-mail proof, and only the
 * starting browser's poll (its `quorum_uc_poll` cookie on the check route) signs in. Every request a plugin makes
 * goes through the address guard (the hook context's `fetch`).
 */
import type { UserCenterAdminAgentResp, UserCenterAgentResp, UserCenterPersonalBrandingResp, UserCenterUserSettingsResp } from '@quorum/contract';
import { ConnectorError, type PluginConfig, type UserCenterContext, type UserCenterDescription, type UserCenterHooks, type UserCenterRequest, type UserCenterRoute } from '@quorum/plugin-api';
import { requireDb, type AppContext } from '../../core/context.js';
import { badRequest, notFound } from '../../core/errors.js';
import {
  externalLogin,
  externalMember,
  guardedFetch,
  LoginFailure,
  randomToken,
  sameSecret,
  sha256,
  USER_CENTER_POLL_COOKIE,
  USER_CENTER_STATE_COOKIE,
  type CallbackOutcome,
  type LoginBrowser,
} from '../connector/index.js';
import { callPlugin, enabledPlugins, INSTALLED_PLUGINS } from '../plugin/index.js';
import { createSession } from '../user/index.js';
import { pluginStore } from './plugin-store.js';
import * as repo from './user-center.repository.js';

/** How long after a callback login a plugin route may sign another browser in as that member (QR polling). */
const ROUTE_LOGIN_SECONDS = 10 * 60;
/** The Path of the `quorum_uc_state` cookie: the login and sign-up callbacks are under it. */
const CALLBACK_COOKIE_PATH = '/answer/api/v1/user-center/';
/** The longest a declared login start is kept (the plugin store's limit). */
const MAX_START_SECONDS = 3600;
/** A plugin route path: '/' then letters, digits, '-', '_' and '/'. */
const ROUTE_PATH = /^\/[A-Za-z0-9_\-/]{1,200}$/;

/** The enabled user-center plugin with its configuration. */
export interface ActiveUserCenter {
  slug: string;
  hooks: UserCenterHooks;
  config: PluginConfig;
}

/** The enabled user-center plugin, or undefined (none on, or the site is not installed). */
export async function activeUserCenter(ctx: AppContext): Promise<ActiveUserCenter | undefined> {
  if (!ctx.installed) return undefined;
  const found = (await enabledPlugins(ctx, 'user-center')).find((p) => p.plugin.userCenter);
  return found ? { slug: found.plugin.manifest.slug_name, hooks: found.plugin.userCenter!, config: found.config } : undefined;
}

function hookContext(ctx: AppContext, active: ActiveUserCenter, base: string): UserCenterContext {
  return { config: active.config, site_url: base, store: pluginStore(ctx, active.slug), fetch: guardedFetch };
}

/** The server's own short-lived marks for a plugin (a namespace plugins cannot reach through their store). */
function serverStore(ctx: AppContext, slug: string) {
  return pluginStore(ctx, `${slug}#server`);
}

async function describe(ctx: AppContext, active: ActiveUserCenter): Promise<UserCenterDescription> {
  return callPlugin(ctx, active.slug, async () => active.hooks.description(active.config));
}

/** Answer's agent icon is base64 of an SVG document: an SVG given as text is encoded, anything else kept. */
function iconData(icon: string): string {
  return icon.trimStart().startsWith('<') ? Buffer.from(icon, 'utf8').toString('base64') : icon;
}

/** GET /user-center/agent: `{enabled, agent_info}` (agent_info null while none is on). */
export async function agent(ctx: AppContext, base: string): Promise<UserCenterAgentResp> {
  const active = await activeUserCenter(ctx);
  if (!active) return { enabled: false, agent_info: null };
  const d = await describe(ctx, active);
  const items = active.hooks.controlCenterItems ? await callPlugin(ctx, active.slug, async () => active.hooks.controlCenterItems!(active.config)) : [];
  return {
    enabled: true,
    agent_info: {
      name: d.name,
      display_name: d.display_name,
      icon: iconData(d.icon),
      url: d.url,
      login_redirect_url: `${base}/answer/api/v1/user-center/login/redirect`,
      sign_up_redirect_url: `${base}/answer/api/v1/user-center/sign-up/redirect`,
      control_center: items.map((i) => ({ name: i.name, label: i.label, url: i.url })),
      enabled_original_user_system: d.enabled_original_user_system,
      qr_login: d.qr_login ? { url_path: d.qr_login.url_path, check_path: d.qr_login.check_path } : null,
    },
  };
}

/**
 * GET /user-center/login/redirect and /sign-up/redirect: where the browser goes next — the plugin's address, or
 * the site's /user-center/auth page when it gives none.
 * @throws LoginFailure `disabled` when no user-center plugin is on
 */
export async function redirectTarget(ctx: AppContext, kind: 'login' | 'sign_up'): Promise<string> {
  const active = await activeUserCenter(ctx);
  if (!active) throw new LoginFailure('disabled');
  const d = await describe(ctx, active);
  return (kind === 'sign_up' ? d.sign_up_redirect_url || d.login_redirect_url : d.login_redirect_url) || '/user-center/auth';
}

/** What the server keeps of a declared login start: the hash of the browser's cookie value, and whether a QR code. */
interface LoginStart {
  browser: string;
  other_device: boolean;
}

const startKey = (state: string) => `start:${sha256(state)}`;
const loginKey = (externalId: string) => `login:${externalId}`.slice(0, 191);

/**
 * Binds a login a plugin route started (its result's `login_start`) to the calling browser: a random value in the
 * `quorum_uc_state` cookie on the callback paths and, for a QR code (`other_device`, with the agent's `qr_login`),
 * in `quorum_uc_poll` on the check route, both for the state's lifetime (at most an hour); its SHA-256 is kept
 * with the state's hash in the server's store.
 */
async function bindLoginStart(ctx: AppContext, active: ActiveUserCenter, start: { state: string; ttl_seconds: number; other_device?: boolean }, browser: LoginBrowser): Promise<void> {
  if (!start.state) return;
  const seconds = Math.min(MAX_START_SECONDS, Math.max(1, Math.floor(start.ttl_seconds)));
  const qr = start.other_device ? (await describe(ctx, active)).qr_login : undefined;
  const value = randomToken();
  const kept: LoginStart = { browser: sha256(value), other_device: Boolean(qr) };
  await serverStore(ctx, active.slug).set(startKey(start.state), JSON.stringify(kept), seconds);
  browser.bind(USER_CENTER_STATE_COOKIE, value, CALLBACK_COOKIE_PATH, seconds);
  if (qr) browser.bind(USER_CENTER_POLL_COOKIE, value, `/answer/api/v1${qr.check_path}`, seconds);
}

/**
 * GET /user-center/login/callback and /sign-up/callback: the plugin reads the provider's answer, then the member is
 * found or created like a connector login (modules/connector externalLogin), linked under the plugin's slug.
 * The callback's `state` must be one a plugin route declared, and the browser must send that start's
 * `quorum_uc_state` cookie (then cleared); else it is refused before the plugin runs, and the start and the
 * browser's cookie are left to their own login. A QR login's callback from another browser (the phone) signs no
 * one in there: it lets the starting browser's poll sign in as the member (runRoute), and needs a
 * provider-verified address.
 * @returns the connector outcome: `logged_in` (with the new session's token), `confirm_email`, or `other_device`
 * @throws LoginFailure: `disabled`, `state_mismatch` (no such start, or not this browser's), the plugin's
 *   ConnectorError kind (e.g. `provider_error`, `code_refused`), `plugin_error`, `no_external_id`, `no_email` (the
 *   plugin requires an e-mail and got none), `needs_same_device` (another device, and an e-mail proof needed),
 *   and externalLogin's
 */
export async function finishCallback(ctx: AppContext, base: string, kind: 'login' | 'sign_up', request: UserCenterRequest, browser: LoginBrowser): Promise<CallbackOutcome> {
  const sent = browser.read(USER_CENTER_STATE_COOKIE);
  const active = await activeUserCenter(ctx);
  if (!active) throw new LoginFailure('disabled');
  const store = serverStore(ctx, active.slug);
  const state = request.query.state ?? '';
  const kept = state ? await store.get(startKey(state)) : null;
  const start = kept ? (JSON.parse(kept) as LoginStart) : undefined;
  if (!start) throw new LoginFailure('state_mismatch');
  const sameBrowser = sent !== '' && sameSecret(sha256(sent), start.browser);
  if (!sameBrowser && !start.other_device) throw new LoginFailure('state_mismatch');
  // In its own browser a start is used once; a QR start stays until a scan succeeds (the member may scan again).
  if (sameBrowser) {
    browser.clear(USER_CENTER_STATE_COOKIE, CALLBACK_COOKIE_PATH);
    if ((await store.take(startKey(state))) === null) throw new LoginFailure('state_mismatch');
  }
  const hctx = hookContext(ctx, active, base);
  const hook = kind === 'sign_up' && active.hooks.signUpCallback ? active.hooks.signUpCallback : active.hooks.loginCallback;
  let profile;
  try {
    profile = await callPlugin(ctx, active.slug, () => hook(hctx, request), (e) => e instanceof ConnectorError);
  } catch (err) {
    if (err instanceof ConnectorError) {
      ctx.log.warn({ plugin: active.slug, kind: err.kind, detail: err.message }, 'user-center login refused');
      throw new LoginFailure(err.kind);
    }
    throw new LoginFailure('plugin_error');
  }
  if (!profile.external_id) throw new LoginFailure('no_external_id');
  if ((await describe(ctx, active)).must_auth_email_enabled && !profile.email) throw new LoginFailure('no_email');
  const afterLogin = async () => {
    if (active.hooks.afterLogin) await callPlugin(ctx, active.slug, () => active.hooks.afterLogin!(hctx, profile.external_id, request)).catch(() => undefined);
  };
  if (!sameBrowser) {
    await externalMember(ctx, active.slug, profile);
    if ((await store.take(startKey(state))) === null) throw new LoginFailure('state_mismatch');
    await store.set(loginKey(profile.external_id), start.browser, ROUTE_LOGIN_SECONDS);
    await afterLogin();
    return { kind: 'other_device' };
  }
  const out = await externalLogin(ctx, active.slug, profile, '');
  if (out.kind === 'logged_in') await afterLogin();
  return out;
}

/** Every (method, path) that installed user-center plugins serve, once each, in list order. */
export function pluginRoutePaths(): { method: 'GET' | 'POST'; path: string }[] {
  const seen = new Map<string, { method: 'GET' | 'POST'; path: string }>();
  for (const p of INSTALLED_PLUGINS) {
    for (const r of p.userCenter?.routes ?? []) {
      if (!ROUTE_PATH.test(r.path) || r.path.includes('//')) throw new Error(`plugin ${p.manifest.slug_name}: route path ${r.path} is not allowed`);
      seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
    }
  }
  return [...seen.values()];
}

/**
 * One of a plugin's own routes (plugin-api UserCenterRoute), answered by the enabled user-center plugin that
 * declares it. A result with `login_start` binds that login to the calling browser (bindLoginStart). A result with
 * `login` signs the caller in as the member linked to that external id — only when that member confirmed a QR login
 * through this plugin on another device in the last 10 minutes, only in the browser that started that login (its
 * `quorum_uc_poll` cookie, cleared then), and once per such login.
 * @returns the route's data, and the new session's token when it signed the caller in
 * @throws 404 when no enabled plugin serves the route; 400 `error.user_center.refused` with `kind` for a
 *   ConnectorError (e.g. `key_invalid`) or a login that is not (or no longer, or not in this browser) available
 *   (`login_unavailable`); a plugin's other errors are logged and answer 500
 */
export async function runRoute(ctx: AppContext, base: string, method: 'GET' | 'POST', path: string, request: UserCenterRequest, browser: LoginBrowser): Promise<{ data: unknown; token?: string }> {
  const active = await activeUserCenter(ctx);
  const route: UserCenterRoute | undefined = active?.hooks.routes?.find((r) => r.method === method && r.path === path);
  if (!active || !route) throw notFound('error.object.not_found');
  let result;
  try {
    result = await callPlugin(ctx, active.slug, () => route.handler(hookContext(ctx, active, base), request), (e) => e instanceof ConnectorError);
  } catch (err) {
    if (err instanceof ConnectorError) throw badRequest('error.user_center.refused', 'toast', { kind: err.kind });
    throw err;
  }
  if (result.login_start) await bindLoginStart(ctx, active, result.login_start, browser);
  if (!result.login) return { data: result.data };
  const unavailable = () => badRequest('error.user_center.refused', 'toast', { kind: 'login_unavailable' });
  const externalId = result.login.external_id;
  const store = serverStore(ctx, active.slug);
  const marked = externalId ? await store.get(loginKey(externalId)) : null;
  const sent = browser.read(USER_CENTER_POLL_COOKIE);
  // Another browser's poll (someone who saw the QR code's key) neither signs in nor spends the login.
  if (!marked || !sent || !sameSecret(sha256(sent), marked)) throw unavailable();
  if ((await store.take(loginKey(externalId))) === null) throw unavailable();
  const userId = await repo.findLinkedUserId(requireDb(ctx), active.slug, externalId);
  if (!userId) throw unavailable();
  browser.clear(USER_CENTER_POLL_COOKIE, `/answer/api/v1${path}`);
  return { data: result.data, token: await createSession(ctx, userId) };
}

/**
 * GET /user-center/user/settings: where the member's profile and account settings live. Both `enabled: false`
 * (the site's own pages) unless the member came from the enabled user center and it names an address.
 */
export async function userSettings(ctx: AppContext, base: string, userId: string): Promise<UserCenterUserSettingsResp> {
  const none = { profile_setting_agent: { enabled: false, redirect_url: '' }, account_setting_agent: { enabled: false, redirect_url: '' } };
  const active = await activeUserCenter(ctx);
  if (!active?.hooks.userSettings) return none;
  const externalId = await repo.findExternalId(requireDb(ctx), userId, active.slug);
  if (!externalId) return none;
  const s = await callPlugin(ctx, active.slug, () => active.hooks.userSettings!(hookContext(ctx, active, base), externalId));
  return {
    profile_setting_agent: { enabled: Boolean(s.profile_setting_redirect_url), redirect_url: s.profile_setting_redirect_url },
    account_setting_agent: { enabled: Boolean(s.account_setting_redirect_url), redirect_url: s.account_setting_redirect_url },
  };
}

/**
 * GET /user-center/personal/branding?username: the external system's links for a member's profile; `enabled` is
 * true when there is at least one (Answer: no user center, unknown member or unlinked member give none).
 */
export async function personalBranding(ctx: AppContext, base: string, username: string): Promise<UserCenterPersonalBrandingResp> {
  const none = { enabled: false, personal_branding: [] };
  const active = await activeUserCenter(ctx);
  if (!active?.hooks.personalBranding) return none;
  const db = requireDb(ctx);
  const userId = await repo.findUserIdByUsername(db, username);
  const externalId = userId ? await repo.findExternalId(db, userId, active.slug) : undefined;
  if (!externalId) return none;
  const items = await callPlugin(ctx, active.slug, () => active.hooks.personalBranding!(hookContext(ctx, active, base), externalId));
  return { enabled: items.length > 0, personal_branding: items.map((i) => ({ icon: i.icon, name: i.name, label: i.label, url: i.url })) };
}

/**
 * GET /admin/api/user-center/agent: which admin user functions stay with the site (Answer's
 * UserCenterAdminFunctionAgent): creating users and setting passwords while the original user system is on,
 * status and role unless the external system owns them. All true while no user center is on.
 */
export async function adminAgent(ctx: AppContext): Promise<UserCenterAdminAgentResp> {
  const active = await activeUserCenter(ctx);
  if (!active) return { allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true };
  const d = await describe(ctx, active);
  return {
    allow_create_user: d.enabled_original_user_system,
    allow_update_user_status: !d.user_status_agent_enabled,
    allow_update_user_password: d.enabled_original_user_system,
    allow_update_user_role: !d.user_role_agent_enabled,
  };
}

/**
 * Refuses password login and e-mail sign-up while the enabled user center turned the site's own user system off.
 * @throws 400 `error.user.original_user_system_disabled`
 */
export async function assertOriginalUserSystem(ctx: AppContext): Promise<void> {
  const active = await activeUserCenter(ctx);
  if (active && !(await describe(ctx, active)).enabled_original_user_system) throw badRequest('error.user.original_user_system_disabled');
}

