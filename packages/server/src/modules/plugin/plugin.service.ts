/**
 * Plugins (spec §7 "plugins"; Answer's plugin calls): the installed list with each plugin's enabled state and
 * last error, switching plugins on and off, their configuration forms, and members' plugin settings.
 *
 * State lives in the database and is read on every call, so switching a plugin off takes effect on the next
 * request on every node. A hook that throws is isolated by `callPlugin`: the call fails with a logged error, the
 * message is kept as the plugin's last error for the admin list, and nothing else is affected.
 */
import type { PluginConfig, PluginKind, QuorumPlugin } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { AppError, badRequest, fieldErrors, notFound, type FieldIssue } from '../../core/errors.js';
import { mergeConfig, missingRequired, parseStoredConfig, presentFields, withDefaults, type ConfigFieldWire } from './config-schema.js';
import { IMAGE_CAPTCHA_SLUG as BUILTIN_CAPTCHA_SLUG } from '../captcha/providers/image.js';
import { INSTALLED_PLUGINS } from './installed.js';
import * as repo from './plugin.repository.js';
// The outbound address guard (docs/OPERATIONS.md "Webhooks and private addresses").
import { assertDeliverableUrl } from '../webhook/webhook.address.js';

/** Answer's schema.GetPluginListResp, plus the kinds and the last error of a hook. */
export interface PluginListItem {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  enabled: boolean;
  have_config: boolean;
  link: string;
  kinds: string[];
  last_error: string;
  last_error_at: number;
}

/** Answer's schema.GetPluginConfigResp. */
export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: ConfigFieldWire[];
}

/** An installed plugin by slug, or undefined. */
export function installedPlugin(slug: string): QuorumPlugin | undefined {
  return INSTALLED_PLUGINS.find((p) => p.manifest.slug_name === slug);
}

function requireInstalled(slug: string): QuorumPlugin {
  const plugin = installedPlugin(slug);
  if (!plugin) throw notFound('error.object.not_found');
  return plugin;
}

/**
 * GET /admin/api/plugins: every installed plugin with its state.
 * @param filter `status` active | inactive ('outdated' matches none: plugins ship with the site), `have_config`
 */
export async function listPlugins(ctx: AppContext, filter: { status?: string; have_config?: string } = {}): Promise<PluginListItem[]> {
  const rows = new Map((await repo.listPluginRows(requireDb(ctx))).map((r) => [r.slug_name, r]));
  return INSTALLED_PLUGINS.map(({ manifest: m }) => {
    const row = rows.get(m.slug_name);
    return {
      name: m.name,
      slug_name: m.slug_name,
      description: m.description,
      version: m.version,
      enabled: row?.enabled === 1,
      have_config: (m.config ?? []).length > 0,
      link: m.link,
      kinds: [...m.kinds],
      last_error: row?.last_error ?? '',
      last_error_at: row?.last_error_at ?? 0,
    };
  }).filter((p) => {
    if (filter.status === 'active' && !p.enabled) return false;
    if (filter.status === 'inactive' && p.enabled) return false;
    if (filter.status === 'outdated') return false;
    if (filter.have_config === 'true' && !p.have_config) return false;
    if (filter.have_config === 'false' && p.have_config) return false;
    return true;
  });
}

/**
 * GET /plugin/status: `{slug_name, enabled}` of every installed plugin (Answer's client asks on start), then the
 * built-in image captcha, always on, under the slug of Answer's captcha plugin (captcha BUILTIN_CAPTCHA_SLUG): Answer's
 * client shows a captcha only when a captcha plugin is on, and this site asks for one (e-mail sends, logins after
 * failures). Whatever captcha provider the admin picks, Answer's client is given image captchas while the setting
 * `captcha.image_fallback` is on (modules/captcha).
 */
export async function pluginStatus(ctx: AppContext): Promise<{ slug_name: string; enabled: boolean }[]> {
  const installed = (await listPlugins(ctx)).map((p) => ({ slug_name: p.slug_name, enabled: p.enabled }));
  return [...installed, { slug_name: BUILTIN_CAPTCHA_SLUG, enabled: true }];
}

/** Kinds of plugin that put a login button before people: they cannot work without their required settings. */
const LOGIN_KINDS: readonly PluginKind[] = ['connector', 'user-center'];

/**
 * PUT /admin/api/plugin/status. Switching on clears the last error.
 * @throws 404 for a slug that is not installed; 400 `error.plugin.user_center_already_enabled` when switching on a
 *   user-center plugin while another is on; 400 `error.plugin.required_config_missing` (naming the fields) when
 *   switching on a login plugin whose required settings (client id, secret ...) are empty
 */
export async function setPluginStatus(ctx: AppContext, slug: string, enabled: boolean): Promise<void> {
  const plugin = requireInstalled(slug);
  // One external user system at a time (Answer's plugin.GetUserCenter takes the one that is on).
  if (enabled && plugin.manifest.kinds.includes('user-center') && (await enabledPlugins(ctx, 'user-center')).some((p) => p.plugin.manifest.slug_name !== slug)) {
    throw badRequest('error.plugin.user_center_already_enabled');
  }
  const db = requireDb(ctx);
  if (enabled && isLoginPlugin(plugin)) {
    const missing = missingRequired(plugin.manifest.config ?? [], parseStoredConfig((await repo.findPluginRow(db, slug))?.config));
    if (missing.length) throw badRequest('error.plugin.required_config_missing').withMessage('error.plugin.required_config_missing', { fields: missing.join(', ') });
  }
  const now = nowSeconds();
  await repo.ensurePluginRow(db, slug, now);
  await repo.updatePluginRow(db, slug, enabled ? { enabled: 1, last_error: '', last_error_at: 0, updated_at: now } : { enabled: 0, updated_at: now });
}

/**
 * GET /admin/api/plugin/config: the plugin's form with its stored values; secrets only as `is_set`.
 * @throws 404 for a slug that is not installed
 */
export async function getPluginConfigForm(ctx: AppContext, slug: string): Promise<PluginConfigForm> {
  const plugin = requireInstalled(slug);
  const row = await repo.findPluginRow(requireDb(ctx), slug);
  const m = plugin.manifest;
  return { name: m.name, slug_name: m.slug_name, description: m.description, version: m.version, config_fields: presentFields(m.config ?? [], parseStoredConfig(row?.config)) };
}

/**
 * PUT /admin/api/plugin/config: validates against the declared fields and the plugin's own check, then stores.
 * A notification plugin's send addresses (its `targets`) must pass the outbound address guard, as a webhook's do.
 * @throws 404 unknown slug; 400 field errors (`error.form.cannot_be_empty`, `error.form.is_invalid`, the
 *   plugin's own reason keys, `error.webhook.url_not_public` / `error.webhook.url_unresolved` on a notification
 *   plugin's address field); whatever the plugin's own check throws (logged and kept as its last error)
 */
export async function updatePluginConfig(ctx: AppContext, slug: string, submitted: Record<string, unknown>): Promise<void> {
  const plugin = requireInstalled(slug);
  const db = requireDb(ctx);
  const row = await repo.findPluginRow(db, slug);
  const { config, issues } = mergeConfig(plugin.manifest.config ?? [], parseStoredConfig(row?.config), submitted);
  if (!issues.length && plugin.validateConfig) {
    const own = await callPlugin(ctx, slug, async () => plugin.validateConfig!(config));
    for (const [field, message] of Object.entries(own)) issues.push({ field, message });
  }
  if (!issues.length && plugin.notification) issues.push(...(await targetIssues(plugin.notification.targets(config))));
  if (issues.length) throw fieldErrors(issues);
  const now = nowSeconds();
  await repo.ensurePluginRow(db, slug, now);
  await repo.updatePluginRow(db, slug, { config: JSON.stringify(config), updated_at: now });
}

/** The address guard's refusals of `targets`, each on its own field. */
async function targetIssues(targets: { field: string; url: string }[]): Promise<FieldIssue[]> {
  const out: FieldIssue[] = [];
  for (const t of targets) {
    try {
      await assertDeliverableUrl(t.url);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push(...err.fields.map((f) => ({ ...f, field: t.field })));
    }
  }
  return out;
}

/** Whether a plugin offers a way to log in (a connector or a user center). */
export function isLoginPlugin(plugin: QuorumPlugin): boolean {
  return plugin.manifest.kinds.some((k) => LOGIN_KINDS.includes(k));
}

/**
 * Whether an enabled login plugin has every required setting: one switched on before the rule existed, or
 * whose setting was emptied since, is not offered on the login page.
 */
export function loginPluginReady(active: ActivePlugin): boolean {
  return missingRequired(active.plugin.manifest.config ?? [], active.config).length === 0;
}

/** An enabled plugin with its configuration (defaults filled in). */
export interface ActivePlugin {
  plugin: QuorumPlugin;
  config: PluginConfig;
}

/** The enabled installed plugins providing `kind`, read fresh from the database. */
export async function enabledPlugins(ctx: AppContext, kind: PluginKind): Promise<ActivePlugin[]> {
  const rows = new Map((await repo.listPluginRows(requireDb(ctx))).map((r) => [r.slug_name, r]));
  return INSTALLED_PLUGINS.filter((p) => p.manifest.kinds.includes(kind) && rows.get(p.manifest.slug_name)?.enabled === 1).map((plugin) => ({
    plugin,
    config: withDefaults(plugin.manifest.config ?? [], parseStoredConfig(rows.get(plugin.manifest.slug_name)?.config)),
  }));
}

/** One enabled plugin providing `kind`, or undefined when it is not installed, not of that kind, or off. */
export async function enabledPlugin(ctx: AppContext, slug: string, kind: PluginKind): Promise<ActivePlugin | undefined> {
  return (await enabledPlugins(ctx, kind)).find((p) => p.plugin.manifest.slug_name === slug);
}

/**
 * Runs a plugin hook in isolation: an exception is logged, kept as the plugin's last error (first 500
 * characters) and re-thrown to the caller, which answers that one request with a failure.
 * @param expected errors the caller handles as outcomes (e.g. a provider refusing a login): re-thrown untouched
 */
export async function callPlugin<T>(ctx: AppContext, slug: string, fn: () => Promise<T>, expected: (err: unknown) => boolean = () => false): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (expected(err)) throw err;
    ctx.log.error({ err, plugin: slug }, 'plugin hook failed');
    const message = err instanceof Error ? err.message : String(err);
    const db = requireDb(ctx);
    const now = nowSeconds();
    await repo
      .ensurePluginRow(db, slug, now)
      .then(() => repo.updatePluginRow(db, slug, { last_error: message.slice(0, 500), last_error_at: now }))
      .catch(() => undefined);
    throw err;
  }
}

/** GET /user/plugin/configs: enabled plugins that have member settings, as `{name, slug_name}`. */
export async function userPluginList(ctx: AppContext): Promise<{ name: string; slug_name: string }[]> {
  const rows = new Map((await repo.listPluginRows(requireDb(ctx))).map((r) => [r.slug_name, r]));
  return INSTALLED_PLUGINS.filter((p) => (p.manifest.user_config ?? []).length > 0 && rows.get(p.manifest.slug_name)?.enabled === 1).map((p) => ({ name: p.manifest.name, slug_name: p.manifest.slug_name }));
}

function requireUserConfigurable(plugin: QuorumPlugin | undefined, enabled: boolean): QuorumPlugin {
  if (!plugin || !enabled || !(plugin.manifest.user_config ?? []).length) throw notFound('error.object.not_found');
  return plugin;
}

/**
 * GET /user/plugin/config: a member's settings form of an enabled plugin.
 * @throws 404 when the plugin is unknown, off, or has no member settings
 */
export async function getUserPluginConfigForm(ctx: AppContext, userId: string, slug: string): Promise<PluginConfigForm> {
  const db = requireDb(ctx);
  const plugin = requireUserConfigurable(installedPlugin(slug), (await repo.findPluginRow(db, slug))?.enabled === 1);
  const m = plugin.manifest;
  const stored = parseStoredConfig(await repo.findUserPluginConfig(db, userId, slug));
  return { name: m.name, slug_name: m.slug_name, description: m.description, version: m.version, config_fields: presentFields(m.user_config ?? [], stored) };
}

/**
 * PUT /user/plugin/config: validates and stores a member's settings.
 * @throws 404 as getUserPluginConfigForm; 400 field errors
 */
export async function updateUserPluginConfig(ctx: AppContext, userId: string, slug: string, submitted: Record<string, unknown>): Promise<void> {
  const db = requireDb(ctx);
  const plugin = requireUserConfigurable(installedPlugin(slug), (await repo.findPluginRow(db, slug))?.enabled === 1);
  const stored = parseStoredConfig(await repo.findUserPluginConfig(db, userId, slug));
  const { config, issues } = mergeConfig(plugin.manifest.user_config ?? [], stored, submitted);
  if (issues.length) throw fieldErrors(issues);
  await repo.saveUserPluginConfig(db, userId, slug, JSON.stringify(config), nowSeconds());
}
