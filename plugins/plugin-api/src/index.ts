/**
 * What a Quorum plugin is written against (docs/PLUGINS.md). A plugin is a workspace package whose package.json
 * names its entry module in a `quorum-plugin` field; that module's default export is one `QuorumPlugin` or a list
 * of them. The server finds the packages at start, keeps each plugin's enabled state and configuration in its
 * database, and calls the hooks of the kinds a plugin provides only while it is enabled.
 *
 * Kinds follow Apache Answer's plugin kinds; `connector`, `user-center` (./user-center.ts) and `captcha`
 * (./captcha.ts), `reviewer` (./reviewer.ts) and `notification` (./notification.ts) have hooks the server calls
 * today.
 */
import type { CaptchaHooks } from './captcha.js';
import type { NotificationHooks } from './notification.js';
import type { ReviewerHooks } from './reviewer.js';
import type { UserCenterHooks } from './user-center.js';

export type * from './captcha.js';
export type * from './notification.js';
export { NOTICE_EVENTS } from './notification.js';
export type * from './reviewer.js';
export type * from './user-center.js';

/** The kinds of work a plugin can take on (Answer's plugin kinds). */
export const PLUGIN_KINDS = ['connector', 'user-center', 'captcha', 'reviewer', 'search', 'storage', 'notification', 'editor', 'render'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** Input types of a configuration field, as Answer's admin form knows them. */
export type ConfigFieldType = 'input' | 'textarea' | 'select' | 'switch';

/** One field of a plugin's configuration form. */
export interface ConfigField {
  /** key in the stored configuration: lower-case letters, digits and underscores */
  name: string;
  type: ConfigFieldType;
  /** label shown above the field */
  label: string;
  /** help text under the field */
  description?: string;
  required?: boolean;
  /** never sent back to a browser: the form shows only whether a value is set */
  secret?: boolean;
  /** choices of a `select` */
  options?: { value: string; label: string }[];
  /** value when nothing was saved (a string; 'true'/'false' for a switch) */
  default?: string;
  /** for `input`: `url` and `email` values are checked as such */
  format?: 'text' | 'url' | 'email';
}

/** A saved configuration: field name -> value (strings; switches 'true' / 'false'). */
export type PluginConfig = Readonly<Record<string, string>>;

/** What every plugin declares about itself. */
export interface PluginManifest {
  /** unique id, also the address of its admin page `/admin/{slug_name}`: [a-z0-9_]+ */
  slug_name: string;
  name: string;
  version: string;
  description: string;
  /** home page of the plugin */
  link: string;
  kinds: readonly PluginKind[];
  /** the admin configuration form; empty when the plugin has nothing to configure */
  config?: readonly ConfigField[];
  /** per-member settings form on `/users/settings/{slug_name}`; empty when none */
  user_config?: readonly ConfigField[];
}

/** The member a provider vouches for, as a connector reports it after a successful sign-in. */
export interface ExternalUser {
  /** the provider's stable id of the account (OIDC `sub`) */
  external_id: string;
  /** '' when the provider gave none */
  email: string;
  /** true only when the provider says it verified the address */
  email_verified: boolean;
  username: string;
  display_name: string;
  /** absolute URL of a picture, or '' */
  avatar: string;
  /** the provider's raw profile as JSON, kept for reference */
  meta: string;
}

/** Thrown by a connector when the provider refused (an `error` on the callback, a refused code). */
export class ConnectorError extends Error {
  /** `provider_error` (the provider said no), `state_mismatch`, `nonce_mismatch`, `code_refused`, `no_external_id` */
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.name = 'ConnectorError';
    this.kind = kind;
  }
}

/**
 * The fetch the server lends a plugin for every request to an address that comes from its configuration (an
 * issuer's discovery document, a token, userinfo or JWKS endpoint, a provider's API). It answers like the global
 * `fetch`, under the server's outbound rules (the webhook address guard, docs/OPERATIONS.md "Webhooks and private
 * addresses"): an address on the loopback interface or on a private, link-local (cloud metadata) or reserved
 * network, literal or resolved, is refused before anything is sent — the promise rejects with an Error naming the
 * address — unless the operator allows private targets (`QUORUM_WEBHOOK_ALLOW_PRIVATE=on`). Redirects of a GET are
 * followed (at most 5, each checked again); `redirect: 'manual'` and `'error'` behave as in `fetch`. Plugins must
 * not call the global `fetch` for configured addresses.
 */
export type PluginFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** What the server keeps between the redirect to the provider and the callback (one sign-in attempt). */
export interface ConnectorAttempt {
  state: string;
  nonce: string;
  code_verifier: string;
}

/** Hooks of a `connector` plugin ("Log in with ..."). */
export interface ConnectorHooks {
  /** the button label and icon (an SVG document, or '' for none) */
  display(config: PluginConfig): { name: string; icon_svg: string };
  /**
   * The provider's authorization URL for one attempt. `redirect_uri` is the site's callback for this plugin;
   * `fetch` is the one to use for any request the hook makes (discovery).
   * @throws when the configuration is unusable (e.g. the discovery document cannot be fetched, or its address is
   *   refused by `fetch`)
   */
  authorizationUrl(config: PluginConfig, attempt: ConnectorAttempt, redirect_uri: string, fetch: PluginFetch): Promise<string>;
  /**
   * Finishes an attempt from the callback URL (code exchange, ID-token and state/nonce checks, profile fetch),
   * every request through `fetch`. The server has already checked that the callback came back to the browser that
   * started the attempt.
   * @throws ConnectorError when the provider refused or a check failed
   */
  finish(config: PluginConfig, attempt: ConnectorAttempt, callback_url: URL, redirect_uri: string, fetch: PluginFetch): Promise<ExternalUser>;
}

/** One plugin: its manifest and the hooks of the kinds it declares. */
export interface QuorumPlugin {
  manifest: PluginManifest;
  connector?: ConnectorHooks;
  /** an external user system taking over login and sign-up (only one user-center plugin is enabled at a time) */
  userCenter?: UserCenterHooks;
  /** a captcha provider (only the one the admin picks in the captcha settings is used) */
  captcha?: CaptchaHooks;
  /** scores members' text before it is published (every enabled reviewer is asked) */
  reviewer?: ReviewerHooks;
  /** tells an outside service (a chat tool) about new, unanswered and flagged questions (every enabled one is used) */
  notification?: NotificationHooks;
  /**
   * Checks a configuration beyond the declared fields (e.g. "issuer or endpoints").
   * @returns field name -> message for each problem; empty when fine
   */
  validateConfig?(config: PluginConfig): Record<string, string>;
}

/** Identity helper that type-checks a plugin definition. */
export function definePlugin(plugin: QuorumPlugin): QuorumPlugin {
  return plugin;
}
