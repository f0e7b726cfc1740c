/**
 * Hooks of a `user-center` plugin: an external user system that takes over login and sign-up (spec §2 auth routes,
 * §3 "External user-system agent", §7 "Connectors and user center"). The shapes follow Apache Answer's
 * `plugin.UserCenter` interface and its `UserCenterDesc`, `SettingInfo`, `PersonalBranding` and `ControlCenter`
 * structs; the field names are Answer's JSON names because they reach the browser through
 * `GET /answer/api/v1/user-center/agent` unchanged.
 *
 * At most one user-center plugin is enabled at a time; the server calls these hooks only while it is.
 */
import type { ExternalUser, PluginConfig, PluginFetch } from './index.js';

/** What the external user system says about itself (Answer's `UserCenterDesc`). */
export interface UserCenterDescription {
  /** agent name the web client keys its login UI on (e.g. `WeCom`; Answer's client knows WeCom, DingTalk, WeChat, SegmentFault) */
  name: string;
  /** button label, e.g. "WeCom" */
  display_name: string;
  /** SVG document, base64 of one, or '' for none */
  icon: string;
  /** home page of the external system, or '' */
  url: string;
  /**
   * Where the login page sends a visitor: an absolute URL at the provider, or a site path such as `/user-center/auth`
   * (the site's own page, e.g. for a QR flow). '' means "the site's /user-center/auth page".
   */
  login_redirect_url: string;
  /** like `login_redirect_url`, for the sign-up page; '' means "same as login" */
  sign_up_redirect_url: string;
  /** the external system owns reputation (Answer's rank agent); Quorum stores it but keeps its own rules today */
  rank_agent_enabled: boolean;
  /** the external system owns suspended/deleted status */
  user_status_agent_enabled: boolean;
  /** the external system owns roles */
  user_role_agent_enabled: boolean;
  /** a login with no e-mail from the provider fails (goes to /user-center/auth-failed) */
  must_auth_email_enabled: boolean;
  /** false: password login and sign-up are refused; only the external system logs members in */
  enabled_original_user_system: boolean;
  /**
   * A QR-code login run by the site's /user-center/auth page (Quorum's addition; Answer's client hard-codes it per
   * agent name). Both are paths of this plugin's `routes`, under /answer/api/v1:
   * - `url_path` (GET) answers `{redirect_url, key, in_app?}`: the URL to show as a QR code and the key to poll
   *   with; `in_app: true` (e.g. inside the provider's own app, told by the User-Agent) means "navigate there
   *   instead of showing a QR code";
   * - `check_path` (GET `?key=`) answers `{is_login: boolean}` and signs the browser in (the route result's `login`)
   *   once the scan is confirmed; the page polls it every 2 s and then goes to /users/auth-landing.
   * Absent: the login button and /user-center/auth go straight to `login_redirect_url`.
   */
  qr_login?: { url_path: string; check_path: string };
}

/** One entry of the external system's control centre (Answer's `ControlCenter`): extra links in the user menu. */
export interface ControlCenterItem {
  name: string;
  label: string;
  url: string;
}

/** Where the member's profile and account settings live (Answer's `SettingInfo`); '' keeps the site's own page. */
export interface UserCenterSettingInfo {
  profile_setting_redirect_url: string;
  account_setting_redirect_url: string;
}

/** A link shown on a member's profile (Answer's `PersonalBranding`). */
export interface PersonalBrandingItem {
  /** icon name or SVG */
  icon: string;
  name: string;
  label: string;
  url: string;
}

/**
 * Short-lived key-value storage the server lends a user-center plugin (shared by every node when the site runs
 * several). Keys are namespaced per plugin by the server. Values are strings; `ttl_seconds` is at most 3600.
 */
export interface PluginStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttl_seconds: number): Promise<void>;
  /** removes the key and returns its value, or null when absent/expired (use for one-time keys) */
  take(key: string): Promise<string | null>;
}

/** What every user-center hook receives. */
export interface UserCenterContext {
  /** the plugin's saved configuration */
  config: PluginConfig;
  /** the site's public base URL without a trailing slash, e.g. `https://q.example.com` */
  site_url: string;
  store: PluginStore;
  /** the fetch for every request to the provider (the server's outbound address rules; plugin-api PluginFetch) */
  fetch: PluginFetch;
}

/** The browser request a hook works from (the login/sign-up callback, or an extra route). */
export interface UserCenterRequest {
  /** the full request URL as the site sees it (site_url + path + query) */
  url: URL;
  /** query parameters, single-valued (the first value of a repeated one) */
  query: Readonly<Record<string, string>>;
  /** parsed JSON body for POST routes, otherwise undefined */
  body: unknown;
  /** the User-Agent header, '' when absent (e.g. to tell WeCom's in-app browser, `wxwork`) */
  user_agent: string;
}

/**
 * What an extra route answers. `data` is sent inside the Answer envelope (`{code:200, reason:'base.success',
 * msg, data}`). With `login`, the server also signs the caller in as the member bound to that external id through
 * this plugin — how a QR page's polling request logs the desktop browser in once the phone finished the callback.
 * Only the browser that started that login (`login_start` with `other_device`) and only once: anyone else gets
 * `login_unavailable`.
 */
export interface UserCenterRouteResult {
  data: unknown;
  login?: { external_id: string };
  /**
   * Set by the route that starts a login (the `qr_login.url_path` route): the `state` the provider will bring back
   * to the login callback, and how long it lives. The server binds it to the browser that called the route
   * (RFC 6749 §10.12): it sets a short-lived HttpOnly cookie there, and refuses a callback (`state_mismatch`,
   * before `loginCallback` runs) whose state no route declared or that arrives without that browser's cookie — so a
   * callback URL kept by someone else cannot log a visitor into their account.
   *
   * `other_device: true` (a QR code scanned by a phone, whose browser is not the one that asked): the callback
   * from another browser still runs, but it signs no one in there and asks for no e-mail proof; it only lets this
   * browser's next `qr_login.check_path` poll (which must carry this browser's cookie) sign in as that member.
   */
  login_start?: { state: string; ttl_seconds: number; other_device?: boolean };
}

/**
 * A plugin's own unauthenticated route, mounted by the server under `/answer/api/v1` (Answer's
 * `RegisterUnAuthRouter`). Answered only while the plugin is enabled (otherwise 404 in the Answer envelope).
 * Throwing `ConnectorError` answers 400 with the error's message; any other throw answers 500 and is logged.
 */
export interface UserCenterRoute {
  method: 'GET' | 'POST';
  /** path under /answer/api/v1, starting with '/', letters, digits, '-', '_' and '/' only, e.g. `/wecom/login/url` */
  path: string;
  handler(ctx: UserCenterContext, request: UserCenterRequest): Promise<UserCenterRouteResult>;
}

/** Hooks of a `user-center` plugin (Answer's `plugin.UserCenter`). */
export interface UserCenterHooks {
  /** the agent description; may depend on the configuration */
  description(config: PluginConfig): UserCenterDescription;
  /** extra user-menu links; [] when none */
  controlCenterItems?(config: PluginConfig): ControlCenterItem[];
  /**
   * Finishes a login from the provider's redirect to `GET /answer/api/v1/user-center/login/callback`. Called only
   * for a state a route declared in `login_start`, in the browser that started it (or, for `other_device`, from
   * another browser).
   * @returns the member the provider vouches for (`email_verified` true only when the provider says so)
   * @throws ConnectorError when the provider refused, the code/state is bad, or a required e-mail is missing
   */
  loginCallback(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser>;
  /** like `loginCallback`, for `GET /answer/api/v1/user-center/sign-up/callback`; defaults to `loginCallback` */
  signUpCallback?(ctx: UserCenterContext, request: UserCenterRequest): Promise<ExternalUser>;
  /** called after the server created the session of a callback login (e.g. to mark a QR key as confirmed) */
  afterLogin?(ctx: UserCenterContext, external_id: string, request: UserCenterRequest): Promise<void>;
  /** where the member's settings live; both '' (the default) keep the site's own settings pages */
  userSettings?(ctx: UserCenterContext, external_id: string): Promise<UserCenterSettingInfo>;
  /** links shown on the member's profile; [] (the default) shows none */
  personalBranding?(ctx: UserCenterContext, external_id: string): Promise<PersonalBrandingItem[]>;
  /** the plugin's own unauthenticated routes (e.g. WeCom's `/wecom/login/url` and `/wecom/login/check`) */
  routes?: readonly UserCenterRoute[];
}
