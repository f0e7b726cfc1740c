/**
 * UI translations (spec §1, §4). Both bundled languages are compiled in from `i18n/<lang>/ui*.yaml`
 * (every matching file, merged) plus the server's reason keys from `i18n/<lang>/server.yaml` when present.
 * YAML is turned into JSON at build time (vite.config.ts), so no parser ships to the browser.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@quorum/contract';

type Tree = Record<string, unknown>;

const uiFiles = import.meta.glob<Tree>('../../../../i18n/*/ui*.yaml', { eager: true, import: 'default' });
const serverFiles = import.meta.glob<Tree>('../../../../i18n/*/server.yaml', { eager: true, import: 'default' });

function isTree(v: unknown): v is Tree {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    target[k] = isTree(existing) && isTree(v) ? deepMerge({ ...existing }, v) : v;
  }
  return target;
}

function collect(): Record<string, { translation: Tree }> {
  const out: Record<string, { translation: Tree }> = {};
  // server.yaml first: UI files win where a key exists in both.
  for (const [file, tree] of [...Object.entries(serverFiles), ...Object.entries(uiFiles).sort(([a], [b]) => a.localeCompare(b))]) {
    const lang = /i18n\/([^/]+)\//.exec(file)?.[1];
    if (!lang || !isTree(tree)) continue;
    out[lang] ??= { translation: {} };
    deepMerge(out[lang].translation, tree);
  }
  return out;
}

/** Language codes the web app ships translations for. */
export const SUPPORTED_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.value);

/** True when `lang` is a bundled language code. */
export function isSupportedLanguage(lang: string | null | undefined): lang is LanguageCode {
  return !!lang && (SUPPORTED_LANGUAGES as readonly string[]).includes(lang);
}

/** The shared i18next instance, initialised synchronously (no suspense, no network). */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: collect(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** Switches the UI language (unknown codes fall back to en_US) and updates `<html lang>`. */
export function setLanguage(lang: string): void {
  const next = isSupportedLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  if (i18n.language !== next) void i18n.changeLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next.replace('_', '-');
}

/**
 * Effective language (spec §4): the user's own; the site interface language when the user's is 'Default'
 * (or there is no user); otherwise the stored or default one.
 */
export function effectiveLanguage(userLang: string | null | undefined, siteLang: string | null | undefined, stored: string | null): LanguageCode {
  if (userLang && userLang !== 'Default' && isSupportedLanguage(userLang)) return userLang;
  if (isSupportedLanguage(siteLang)) return siteLang;
  if (isSupportedLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE;
}
