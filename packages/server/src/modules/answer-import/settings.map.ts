/**
 * Answer's `site_info` rows (one JSON document per `type`, internal/migrations/init.go) mapped onto our settings
 * sections (siteinfo.defaults.ts). Only fields our section has, with a value of the same kind, are taken; the
 * rest is reported as not carried over.
 */
import { defaultSettings } from '../siteinfo/index.js';

/** Our section of each Answer site_info type. */
const SECTIONS: Record<string, string> = {
  general: 'general',
  interface: 'interface',
  branding: 'branding',
  login: 'login',
  users: 'site_users',
  theme: 'theme',
  seo: 'site_seo',
  custom_css_html: 'custom_css_html',
  write: 'site_write',
  questions: 'site_write',
  tags: 'site_write',
  advanced: 'site_write',
  legal: 'legal',
  security: 'login',
};

function kind(v: unknown): string {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}

/** What the import does with the site settings. */
export interface SettingsPlan {
  /** Our section name -> the fields to set. */
  sections: Map<string, Record<string, unknown>>;
  /** `type.field` of values not carried over, with the reason. */
  skipped: Array<{ what: string; reason: string }>;
}

/**
 * Plans the settings from Answer's site_info rows.
 * @param rows `{type, content}` with content as stored (JSON text)
 */
export function planSettings(rows: Array<{ type: string; content: string }>): SettingsPlan {
  const defaults = defaultSettings() as unknown as Record<string, Record<string, unknown>>;
  const sections = new Map<string, Record<string, unknown>>();
  const skipped: SettingsPlan['skipped'] = [];
  for (const row of rows) {
    const section = SECTIONS[row.type];
    if (!section) {
      skipped.push({ what: row.type, reason: 'no Quorum setting of this kind' });
      continue;
    }
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(row.content) as Record<string, unknown>;
    } catch {
      skipped.push({ what: row.type, reason: 'not readable JSON' });
      continue;
    }
    const known = defaults[section] ?? {};
    const out = sections.get(section) ?? {};
    for (const [k, v] of Object.entries(doc ?? {})) {
      if (!(k in known)) skipped.push({ what: `${row.type}.${k}`, reason: 'no Quorum setting of this name' });
      else if (kind(known[k]) !== kind(v)) skipped.push({ what: `${row.type}.${k}`, reason: `a ${kind(v)} where Quorum keeps a ${kind(known[k])}` });
      else out[k] = v;
    }
    if (Object.keys(out).length) sections.set(section, out);
  }
  return { sections, skipped };
}

/** `current` with `fields` set over it; `changed` false when nothing differs (a second run writes nothing). */
export function mergeSection(current: unknown, fields: Record<string, unknown>, section: string): { value: Record<string, unknown>; changed: boolean } {
  const base = { ...((defaultSettings() as unknown as Record<string, Record<string, unknown>>)[section] ?? {}), ...((current as Record<string, unknown>) ?? {}) };
  const value = { ...base, ...fields };
  return { value, changed: JSON.stringify(value) !== JSON.stringify(current) };
}
