/**
 * UI translations (spec §1, §4) from `i18n/<lang>/ui*.yaml` (every matching file, merged) plus the server's
 * reason keys from `i18n/<lang>/server.yaml`. YAML is turned into JSON at build time (vite.config.ts), so no
 * parser ships to the browser. The server-side renderer has every language built in; the browser bundle has
 * the default language only and fetches another one as its own chunk (`loadLanguage`) — before hydrating when
 * the page was rendered in it — which keeps the question page's initial JavaScript small.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@quorum/contract';

type Tree = Record<string, unknown>;

// ui-account.yaml (account pages, settings, captcha, dialogs) is loaded with those lazy pages: features/account/strings.ts.
const ssrFiles = import.meta.env.SSR
  ? import.meta.glob<Tree>(['../../../../i18n/*/ui*.yaml', '!../../../../i18n/*/ui-account.yaml', '../../../../i18n/*/server.yaml'], { eager: true, import: 'default' })
  : {};
const defaultFiles = import.meta.env.SSR
  ? {}
  : import.meta.glob<Tree>(['../../../../i18n/en_US/ui*.yaml', '!../../../../i18n/en_US/ui-account.yaml', '../../../../i18n/en_US/server.yaml'], { eager: true, import: 'default' });
const lazyFiles = import.meta.env.SSR
  ? {}
  : import.meta.glob<Tree>(['../../../../i18n/*/ui*.yaml', '!../../../../i18n/*/ui-account.yaml', '../../../../i18n/*/server.yaml', '!../../../../i18n/en_US/**'], { import: 'default' });

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

/** server.yaml first, then the UI files by name: UI keys win where a key exists in both. */
function fileOrder([a]: [string, unknown], [b]: [string, unknown]): number {
  const rank = (f: string) => (f.endsWith('/server.yaml') ? 0 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

function collect(files: Record<string, Tree>): Record<string, { translation: Tree }> {
  const out: Record<string, { translation: Tree }> = {};
  for (const [file, tree] of Object.entries(files).sort(fileOrder)) {
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
  resources: collect({ ...ssrFiles, ...defaultFiles }),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

const loading = new Map<string, Promise<void>>();

/**
 * Makes a language's strings available: already there for the default language and on the server; fetched
 * once as a chunk otherwise.
 */
export function loadLanguage(lang: string): Promise<void> {
  if (!isSupportedLanguage(lang) || i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    const entries = Object.entries(lazyFiles).filter(([file]) => file.includes(`/i18n/${lang}/`));
    p = Promise.all(entries.map(async ([file, load]) => [file, await load()] as [string, Tree])).then((loaded) => {
      const bundle = collect(Object.fromEntries(loaded))[lang];
      if (bundle) i18n.addResourceBundle(lang, 'translation', bundle.translation, true, true);
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/**
 * Switches the UI language (unknown codes fall back to en_US) and updates `<html lang>`; a language not
 * loaded yet is fetched first, and the switch happens when it has arrived.
 */
export function setLanguage(lang: string): void {
  const next = isSupportedLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const apply = () => {
    if (i18n.language !== next) void i18n.changeLanguage(next);
    if (typeof document !== 'undefined') document.documentElement.lang = next.replace('_', '-');
  };
  if (i18n.hasResourceBundle(next, 'translation')) apply();
  else void loadLanguage(next).then(apply, () => undefined);
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
