/**
 * Server-side translations: reason keys -> messages in en_US or zh_CN.
 * Files: i18n/<lang>/server.yaml at the repository root (nested YAML; keys are dotted paths).
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { I18N_DIR } from './paths.js';
import YAML from 'yaml';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@quorum/contract';


type Flat = Map<string, string>;
const bundles = new Map<string, Flat>();

function flatten(obj: unknown, prefix: string, out: Flat): void {
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof obj === 'string') {
    out.set(prefix, obj);
  }
}

function load(lang: string, file: string): Flat {
  const cacheKey = `${lang}/${file}`;
  let flat = bundles.get(cacheKey);
  if (!flat) {
    flat = new Map();
    const p = path.join(I18N_DIR, lang, file);
    if (existsSync(p)) flatten(YAML.parse(readFileSync(p, 'utf8')), '', flat);
    bundles.set(cacheKey, flat);
  }
  return flat;
}

/**
 * Picks the supported language for an `Accept-Language` header (or a stored preference).
 * @returns `en_US` or `zh_CN`; en_US when nothing matches
 */
export function pickLanguage(header: string | undefined | null): LanguageCode {
  return matchLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** The bundled language an `Accept-Language` header asks for, or undefined when it names none of them. */
export function matchLanguage(header: string | undefined | null): LanguageCode | undefined {
  if (!header) return undefined;
  const normalized = header.replace(/-/g, '_').toLowerCase();
  for (const part of normalized.split(',')) {
    const tag = part.split(';')[0]!.trim();
    const exact = LANGUAGES.find((l) => l.value.toLowerCase() === tag);
    if (exact) return exact.value;
    const prefix = LANGUAGES.find((l) => l.value.toLowerCase().startsWith(tag.split('_')[0]! + '_'));
    if (prefix && tag) return prefix.value;
  }
  return undefined;
}

/**
 * Translates a reason key. Falls back to en_US, then to the key itself.
 * `{{name}}` placeholders are filled from `params`.
 */
export function translate(key: string, lang: string, params: Record<string, string | number> = {}): string {
  const text = load(lang, 'server.yaml').get(key) ?? load(DEFAULT_LANGUAGE, 'server.yaml').get(key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => String(params[n] ?? ''));
}

/** The whole UI bundle (i18n/<lang>/ui.yaml) as a nested object, for GET /language/config. */
export function uiBundle(lang: string): Record<string, unknown> {
  const p = path.join(I18N_DIR, lang, 'ui.yaml');
  const server = path.join(I18N_DIR, lang, 'server.yaml');
  const ui = existsSync(p) ? (YAML.parse(readFileSync(p, 'utf8')) as Record<string, unknown>) : {};
  const srv = existsSync(server) ? (YAML.parse(readFileSync(server, 'utf8')) as Record<string, unknown>) : {};
  return { ...srv, ...ui };
}
