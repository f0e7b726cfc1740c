/**
 * Server-side translations: reason keys -> messages in any shipped language, and the language lists.
 * Files: i18n/<lang>/*.yaml at the repository root (nested YAML; keys are dotted paths). A language of the
 * contract's LANGUAGES is offered when its folder exists; server.yaml holds reason keys, e-mails and page titles.
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { I18N_DIR } from './paths.js';
import YAML from 'yaml';
import { DEFAULT_LANGUAGE, LANGUAGES, PSEUDO_RTL_LANGUAGE, type LanguageCode } from '@quorum/contract';

type Flat = Map<string, string>;
const bundles = new Map<string, Flat>();

/** Generated locales that are never offered (i18n/<code>/ may exist for them only in a test run). */
export const PSEUDO_LOCALES = [PSEUDO_RTL_LANGUAGE] as const;

/** Nested YAML value -> dotted key -> string (non-string leaves are skipped). */
export function flattenStrings(obj: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) flattenStrings(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof obj === 'string') {
    out.set(prefix, obj);
  }
  return out;
}

function load(lang: string, file: string): Flat {
  const cacheKey = `${lang}/${file}`;
  let flat = bundles.get(cacheKey);
  if (!flat) {
    const p = path.join(I18N_DIR, lang, file);
    flat = new Map();
    try {
      if (existsSync(p)) flat = flattenStrings(YAML.parse(readFileSync(p, 'utf8')));
    } catch {
      // Not valid YAML (the completeness test names it): this file's keys fall back to en_US.
    }
    bundles.set(cacheKey, flat);
  }
  return flat;
}

const serverFiles = new Map<string, string[]>();

/**
 * A server text of a language: from server.yaml, else from the area files `server-<area>.yaml` of the folder
 * (texts of one feature kept apart from the shared file), by name. Undefined when none has the key.
 */
function serverText(lang: string, key: string): string | undefined {
  const hit = load(lang, 'server.yaml').get(key);
  if (hit !== undefined) return hit;
  let files = serverFiles.get(lang);
  if (!files) {
    const dir = path.join(I18N_DIR, lang);
    files = existsSync(dir) ? readdirSync(dir).filter((f) => /^server-[\w-]+\.yaml$/.test(f)).sort() : [];
    serverFiles.set(lang, files);
  }
  for (const f of files) {
    const v = load(lang, f).get(key);
    if (v !== undefined) return v;
  }
  return undefined;
}

let available: { label: string; value: LanguageCode }[] | undefined;

/**
 * The languages this installation offers: the contract's LANGUAGES whose `i18n/<code>/server.yaml` exists,
 * en_US first, in the contract's order. Read once per process.
 */
export function availableLanguages(): readonly { label: string; value: LanguageCode }[] {
  available ??= LANGUAGES.filter((l) => l.value === DEFAULT_LANGUAGE || existsSync(path.join(I18N_DIR, l.value, 'server.yaml'))).map((l) => ({ label: l.label, value: l.value }));
  return available;
}

/** True when `lang` is an offered language code. */
export function isAvailableLanguage(lang: string | null | undefined): lang is LanguageCode {
  return !!lang && availableLanguages().some((l) => l.value === lang);
}

/** The right-to-left pseudo-locale is accepted only when QUORUM_PSEUDO_LOCALE=on (browser tests). */
function pseudoLocaleOn(): boolean {
  return process.env.QUORUM_PSEUDO_LOCALE === 'on';
}

/**
 * Picks the offered language for an `Accept-Language` header (or a stored preference).
 * @returns an offered language code; en_US when nothing matches
 */
export function pickLanguage(header: string | undefined | null): LanguageCode {
  return matchLanguage(header) ?? DEFAULT_LANGUAGE;
}

/**
 * The offered language an `Accept-Language` header asks for, or undefined when it names none of them.
 * Ranges are taken by quality (RFC 9110 §12.5.4; equal qualities in header order); a range matches a language
 * exactly (`pt-BR`, `pt_br`) or by its primary subtag (`de`, `de-AT` -> de_DE; `es-MX` -> es_ES). `q=0` and `*`
 * match nothing.
 */
export function matchLanguage(header: string | undefined | null): LanguageCode | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      return { tag: tag.replace(/-/g, '_').toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const offered = availableLanguages();
  for (const { tag } of ranges) {
    if (pseudoLocaleOn() && tag === PSEUDO_RTL_LANGUAGE.toLowerCase()) return PSEUDO_RTL_LANGUAGE as LanguageCode;
    const exact = offered.find((l) => l.value.toLowerCase() === tag);
    if (exact) return exact.value;
    const primary = tag.split('_')[0]!;
    const prefix = offered.find((l) => l.value.toLowerCase().startsWith(`${primary}_`));
    if (prefix) return prefix.value;
  }
  return undefined;
}

/**
 * Translates a reason key. Falls back to en_US, then to the key itself.
 * `{{name}}` placeholders are filled from `params`.
 */
export function translate(key: string, lang: string, params?: Record<string, string | number>): string {
  // Texts without parameters are kept per language: every response's envelope and menu names ask for them (the
  // bundles never change while the process runs).
  let known = plainTexts.get(lang);
  if (!params && known?.has(key)) return known.get(key)!;
  const text = serverText(lang, key) ?? serverText(DEFAULT_LANGUAGE, key) ?? key;
  const out = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => String(params?.[n] ?? ''));
  if (!params) {
    if (!known) plainTexts.set(lang, (known = new Map()));
    if (known.size < MAX_PLAIN_TEXTS) known.set(key, out);
  }
  return out;
}

/** Translated texts without parameters by language and key (translate), and how many are kept per language. */
const plainTexts = new Map<string, Map<string, string>>();
const MAX_PLAIN_TEXTS = 5000;

function isTree(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    target[k] = isTree(existing) && isTree(v) ? deepMerge({ ...existing }, v) : v;
  }
  return target;
}

const uiBundles = new Map<string, Record<string, unknown>>();

/**
 * Every string of a language as one nested object, for GET /language/config (what Answer's client loads as its
 * translation): server.yaml, then every other file of the folder by name, later files winning on a shared key
 * (the same merge as the web's). Keys missing in `lang` come from en_US. Read once per process.
 */
export function uiBundle(lang: string): Record<string, unknown> {
  let bundle = uiBundles.get(lang);
  if (!bundle) {
    const read = (l: string) => {
      const dir = path.join(I18N_DIR, l);
      const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')) : [];
      files.sort((a, b) => Number(b === 'server.yaml') - Number(a === 'server.yaml') || a.localeCompare(b));
      const out: Record<string, unknown> = {};
      for (const f of files) {
        let tree: unknown;
        try {
          tree = YAML.parse(readFileSync(path.join(dir, f), 'utf8'));
        } catch {
          continue; // a broken file (the completeness test names it) costs its own strings, not the language's
        }
        if (isTree(tree)) deepMerge(out, tree);
      }
      return out;
    };
    bundle = lang === DEFAULT_LANGUAGE ? read(lang) : deepMerge(read(DEFAULT_LANGUAGE), read(lang));
    uiBundles.set(lang, bundle);
  }
  return bundle;
}
