/**
 * Site settings with defaults merged in, cached per process as "settings" in the coherence registry
 * (core/coherence.ts): a write to the `settings` table anywhere drops it in every process (the sibling workers of
 * `quorum run --workers N`, and with QUORUM_REDIS_URL every node), before the saving request answers. A save also
 * clears the micro-cache (pages show settings). Several nodes without Redis: each caches for at most CACHE_MS, so
 * another node's change shows within 5 s.
 */
import type { AppContext } from '../../core/context.js';
import { nowSeconds } from '../../core/context.js';
import { defaultSettings, DEFAULT_SITE_NAME, type SettingsSection, type SiteSettings } from './siteinfo.defaults.js';
import { loadSettingsRows, saveSettingsRow } from './siteinfo.repository.js';
import { microClear } from '../../core/microcache.js';
import { invalidate, registerCache } from '../../core/coherence.js';

const CACHE_MS = 5000;
let cache = new WeakMap<AppContext, { at: number; value: SiteSettings }>();
/** Clears so far: settings read while one happened are not kept (they may predate the write). */
let clears = 0;
registerCache('settings', { reads: ['settings'], windowMs: CACHE_MS, what: 'site settings' }, () => {
  cache = new WeakMap();
  clears++;
});

/** The product version reported by GET /siteinfo. */
export const VERSION = '0.1.0';

function merge(stored: Record<string, unknown>): SiteSettings {
  const defaults = defaultSettings();
  const out = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults) as SettingsSection[]) {
    const v = stored[key];
    if (v && typeof v === 'object' && !Array.isArray(v)) out[key] = { ...(defaults[key] as object), ...(v as object) };
  }
  const s = out as unknown as SiteSettings;
  if (![1, 2, 3, 4].includes(Number(s.site_seo.permalink))) s.site_seo.permalink = 1;
  if (!s.general.name) s.general.name = DEFAULT_SITE_NAME;
  return s;
}

/**
 * Current settings; defaults before installation.
 * @returns every section, defaults filled in (spec §3)
 */
export async function getSettings(ctx: AppContext): Promise<SiteSettings> {
  if (!ctx.database || !ctx.installed) return defaultSettings();
  const hit = cache.get(ctx);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const before = clears;
  const value = merge(await loadSettingsRows(ctx.database));
  if (before === clears) cache.set(ctx, { at: Date.now(), value });
  return value;
}

/** Replaces one section (validated by the caller) and drops the cache. */
export async function saveSection<K extends SettingsSection>(ctx: AppContext, section: K, value: SiteSettings[K]): Promise<void> {
  if (!ctx.database) throw new Error('database not connected');
  await saveSettingsRow(ctx.database, section, value, nowSeconds());
  cache.delete(ctx);
  microClear();
}

/**
 * Drops the cached settings in this process and every other (after installation or a restore: writes the
 * `settings` table's watch may not have seen).
 */
export function invalidateSettings(ctx: AppContext): void {
  cache.delete(ctx);
  invalidate(['settings']);
}

/**
 * Payload of GET /siteinfo (Answer's SiteInfoResp): 1.4's sections, and the ones Answer 2.0.2's client reads at
 * start (users_settings, site_advanced, site_questions, site_tags, site_legal, site_security, ai_enabled,
 * mcp_enabled), views of the same stored settings as the admin sections of siteinfo.v2.ts.
 */
export function siteInfoPayload(s: SiteSettings): Record<string, unknown> {
  const w = s.site_write;
  return {
    general: s.general,
    interface: s.interface,
    branding: s.branding,
    login: s.login,
    site_users: s.site_users,
    custom_css_html: s.custom_css_html,
    theme: s.theme,
    site_seo: s.site_seo,
    site_write: s.site_write,
    // Answer 1.7's clients read the question rules here (SiteQuestionsResp).
    site_questions: { min_tags: w.min_tags, min_content: w.min_content, restrict_answer: w.restrict_answer },
    users_settings: { default_avatar: s.site_users.default_avatar, gravatar_base_url: s.site_users.gravatar_base_url },
    site_advanced: {
      max_image_size: w.max_image_size,
      max_attachment_size: w.max_attachment_size,
      max_image_megapixel: w.max_image_megapixel,
      authorized_image_extensions: w.authorized_image_extensions,
      authorized_attachment_extensions: w.authorized_attachment_extensions,
    },
    site_tags: { reserved_tags: w.reserved_tags, recommend_tags: w.recommend_tags, required_tag: w.required_tag },
    site_legal: { external_content_display: s.site_security.external_content_display },
    site_security: { login_required: s.login.login_required, external_content_display: s.site_security.external_content_display, check_update: s.general.check_update },
    // The AI assistant is not served yet (issue #40 item 3): 2.x's client then shows no AI entry.
    ai_enabled: false,
    mcp_enabled: s.site_mcp.enabled,
    version: VERSION,
    revision: '',
  };
}
