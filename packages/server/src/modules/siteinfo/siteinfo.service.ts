/**
 * Site settings with defaults merged in, cached per process and refreshed on write. A save clears the micro-cache,
 * which tells the other processes (core/microcache.ts onMicroClear): the workers of `quorum run --workers N`
 * through the cluster relay, and with QUORUM_REDIS_URL every node through Redis pub/sub (core/redis.ts); each
 * then drops its settings cache through `invalidateSettings`, so the saved setting shows everywhere within 1 s.
 * Several nodes without Redis: each caches for at most CACHE_MS, so another node's change shows within 5 s.
 */
import type { AppContext } from '../../core/context.js';
import { nowSeconds } from '../../core/context.js';
import { defaultSettings, DEFAULT_SITE_NAME, type SettingsSection, type SiteSettings } from './siteinfo.defaults.js';
import { loadSettingsRows, saveSettingsRow } from './siteinfo.repository.js';
import { microClear } from '../../core/microcache.js';

const CACHE_MS = 5000;
const cache = new WeakMap<AppContext, { at: number; value: SiteSettings }>();

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
  const value = merge(await loadSettingsRows(ctx.database));
  cache.set(ctx, { at: Date.now(), value });
  return value;
}

/** Replaces one section (validated by the caller) and drops the cache. */
export async function saveSection<K extends SettingsSection>(ctx: AppContext, section: K, value: SiteSettings[K]): Promise<void> {
  if (!ctx.database) throw new Error('database not connected');
  await saveSettingsRow(ctx.database, section, value, nowSeconds());
  cache.delete(ctx);
  microClear();
}

/** Drops the cached settings (after installation). */
export function invalidateSettings(ctx: AppContext): void {
  cache.delete(ctx);
}

/** Payload of GET /siteinfo (Answer's SiteInfoResp). */
export function siteInfoPayload(s: SiteSettings): Record<string, unknown> {
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
    version: VERSION,
    revision: '',
  };
}
