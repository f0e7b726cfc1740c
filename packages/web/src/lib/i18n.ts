/**
 * UI translations (spec §1, §4) from `i18n/<lang>/ui*.yaml` (every matching file, merged) plus the server's
 * reason keys from `i18n/<lang>/server.yaml`. YAML is turned into JSON at build time (vite.config.ts), so no
 * parser ships to the browser. The server-side renderer has every language built in; the browser bundle has
 * the default language only (its core built in, the rest as chunks) and fetches another language whole from
 * the server's GET /language/config (`loadLanguage`) — before hydrating when the page was rendered in it — so
 * the question page's initial JavaScript stays the same however many languages there are.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, PSEUDO_RTL_LANGUAGE, textDirection, type LanguageCode } from '@quorum/contract';
import { applyStylesheetDirection } from './direction';

type Tree = Record<string, unknown>;

// ui-account.yaml (account pages, settings, captcha, dialogs) is loaded with those lazy pages: features/account/strings.ts;
// ui-admin.yaml (the admin console) with the console: features/admin/strings.ts.
// In the browser, the core strings of the default language (layout, question list and question page: ui.yaml and
// ui-qa.yaml) are built in; everything else of a language (the other ui-*.yaml files and server.yaml) is a chunk
// that lazily loaded parts wait for (`withStrings`); another language is fetched whole before hydrating.
const ssrFiles = import.meta.env.SSR
  ? import.meta.glob<Tree>(['../../../../i18n/*/ui*.yaml', '!../../../../i18n/*/ui-account.yaml', '!../../../../i18n/*/ui-admin.yaml', '../../../../i18n/*/server.yaml'], { eager: true, import: 'default' })
  : {};
const defaultCoreFiles = import.meta.env.SSR ? {} : import.meta.glob<Tree>(['../../../../i18n/en_US/ui.yaml', '../../../../i18n/en_US/ui-qa.yaml'], { eager: true, import: 'default' });
const lazyFiles = import.meta.env.SSR
  ? {}
  : import.meta.glob<Tree>(['../../../../i18n/en_US/ui*.yaml', '!../../../../i18n/en_US/ui-account.yaml', '!../../../../i18n/en_US/ui-admin.yaml', '../../../../i18n/en_US/server.yaml', '!../../../../i18n/en_US/ui.yaml', '!../../../../i18n/en_US/ui-qa.yaml'], { import: 'default' });
const CORE = /\/(ui|ui-qa)\.yaml$/;

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

/**
 * server.yaml first, then the UI files by name: UI keys win where a key exists in both. Names compare by code
 * unit, not `localeCompare`, whose first call builds an ICU collator (~10 ms of a phone's start-up).
 */
function fileOrder([a]: [string, unknown], [b]: [string, unknown]): number {
  const rank = (f: string) => (f.endsWith('/server.yaml') ? 0 : 1);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
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

/**
 * The right-to-left pseudo-locale (contract PSEUDO_RTL_LANGUAGE): every en_US string wrapped in RIGHT-TO-LEFT
 * OVERRIDE ... POP DIRECTIONAL FORMATTING, so it reads mirrored and every piece of text runs right to left. It
 * is generated here from en_US, never listed, and only rendered when the server was asked for it.
 */
function mirrored(tree: Tree): Tree {
  const out: Tree = {};
  for (const [k, v] of Object.entries(tree)) out[k] = typeof v === 'string' ? `\u202e${v}\u202c` : isTree(v) ? mirrored(v) : v;
  return out;
}

function withPseudo(resources: Record<string, { translation: Tree }>): Record<string, { translation: Tree }> {
  const base = resources[DEFAULT_LANGUAGE];
  if (import.meta.env.SSR && base) resources[PSEUDO_RTL_LANGUAGE] = { translation: mirrored(base.translation) };
  return resources;
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
  resources: withPseudo(collect({ ...ssrFiles, ...defaultCoreFiles })),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES, PSEUDO_RTL_LANGUAGE],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** A shipped language, or the pseudo-locale the server rendered a page in. */
function isLoadable(lang: string): boolean {
  return isSupportedLanguage(lang) || lang === PSEUDO_RTL_LANGUAGE;
}

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/**
 * The lazily loaded files asked for so far (`ui-tags`, `server`, ...), or 'all' once a part asked for every string:
 * a language switch loads the same files of the new language before it applies.
 */
let wanted: 'all' | Set<string> = new Set();

/** `ui-tags` of `../../../../i18n/en_US/ui-tags.yaml`. */
function fileName(file: string): string {
  return /([^/]+)\.yaml$/.exec(file)?.[1] ?? file;
}
/** The names of en_US's lazily loaded files (every ui-*.yaml but the core ones and the account and admin files, plus server.yaml). */
const REST_NAMES: readonly string[] = Object.keys(lazyFiles).filter((file) => !CORE.test(file)).map(fileName);

/**
 * Another language's strings, all at once, from the server (GET /language/config, Answer's call: every file of
 * the language, en_US beneath): one request instead of a chunk per file, so the first load's JavaScript does
 * not grow with every language added.
 */
async function fetchLanguage(lang: string): Promise<Tree> {
  const res = await fetch(`/answer/api/v1/language/config?lang=${encodeURIComponent(lang)}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`language ${lang}: HTTP ${res.status}`);
  const body = (await res.json()) as { data?: unknown };
  return isTree(body.data) ? body.data : {};
}

/** en_US's built-in core, or one of its lazily loaded files by name, as one tree. */
async function defaultFiles(part: string): Promise<Tree> {
  if (part === 'core') return collect(defaultCoreFiles)[DEFAULT_LANGUAGE]?.translation ?? {};
  const entry = Object.entries(lazyFiles).find(([file]) => !CORE.test(file) && fileName(file) === part);
  return entry ? (collect({ [entry[0]]: await entry[1]() })[DEFAULT_LANGUAGE]?.translation ?? {}) : {};
}

/** A language from the server arrives whole: its core and every file are one request. */
function fromServer(lang: string): boolean {
  return lang !== DEFAULT_LANGUAGE && lang !== PSEUDO_RTL_LANGUAGE;
}

/** True when `part` ('core' or a file name) of `lang` is in i18next. */
function isLoaded(lang: string, part: string): boolean {
  if (import.meta.env.SSR || loaded.has(`${lang}:all`) || loaded.has(`${lang}:${part}`)) return true;
  return part === 'core' && lang === DEFAULT_LANGUAGE;
}

function loadFiles(lang: string, part: string): Promise<void> {
  const whole = fromServer(lang);
  const key = whole ? `${lang}:all` : `${lang}:${part}`;
  if (isLoaded(lang, part)) return Promise.resolve();
  let p = loading.get(key);
  if (!p) {
    // The pseudo-locale is made from en_US: its core is built in, the other files come from en_US's chunks.
    const tree = whole ? fetchLanguage(lang) : defaultFiles(part).then((t) => (lang === PSEUDO_RTL_LANGUAGE ? mirrored(t) : t));
    p = tree.then((translation) => {
      // Deep merge; the server's whole language (or a core) overwrites, a file never overwrites the core (no key
      // is in two files).
      i18n.addResourceBundle(lang, 'translation', translation, true, whole || part === 'core');
      loaded.add(key);
    });
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/** The files a language switch must load: every one asked for so far. */
function wantedNames(): readonly string[] {
  return wanted === 'all' ? REST_NAMES : [...wanted];
}

/**
 * Makes a language's core strings available (layout, question list, question page): built in for the default
 * language and on the server, fetched once as a chunk otherwise.
 */
export function loadLanguage(lang: string): Promise<void> {
  if (import.meta.env.SSR || !isLoadable(lang)) return Promise.resolve();
  return loadFiles(lang, 'core');
}

/**
 * Makes the core strings of a language and the named files available (`files` omitted: every string of the
 * language — core plus the rest: other pages, forms, server messages).
 * @param files names of en_US's lazily loaded files, e.g. `['ui-tags']` for i18n/en_US/ui-tags.yaml
 */
export function loadAllStrings(lang: string, files?: readonly string[]): Promise<void> {
  if (import.meta.env.SSR || !isLoadable(lang)) return Promise.resolve();
  if (!files) wanted = 'all';
  else if (wanted !== 'all') for (const f of files) wanted.add(f);
  return Promise.all(['core', ...(files ?? REST_NAMES)].map((part) => loadFiles(lang, part))).then(() => undefined);
}

/**
 * Wraps the loader of a lazily loaded module so it resolves once the current language's strings are in too (use
 * as `lazy(withStrings(() => import('./Page')))`): every string, or with `files` only those files beside the core
 * (a public page that hydrates with them: the rest loads with the next part that asks for every string).
 */
export function withStrings<M>(load: () => Promise<M>, files?: readonly string[]): () => Promise<M> {
  return () => Promise.all([load(), loadAllStrings(i18n.language || DEFAULT_LANGUAGE, files)]).then(([m]) => m);
}

/**
 * Switches the UI language (unknown codes fall back to en_US) and updates `<html lang>`, `<html dir>` and
 * Bootstrap's stylesheet (left-to-right or right-to-left, lib/direction.ts); strings not loaded yet are fetched
 * first, and the switch happens when they have arrived.
 */
export function setLanguage(lang: string): void {
  const next = isLoadable(lang) ? lang : DEFAULT_LANGUAGE;
  const apply = () => {
    if (i18n.language !== next) void i18n.changeLanguage(next);
    if (typeof document !== 'undefined') {
      document.documentElement.lang = next.replace('_', '-');
      document.documentElement.dir = textDirection(next);
      applyStylesheetDirection(textDirection(next));
    }
  };
  const files = wantedNames();
  const ready = isLoaded(next, 'core') && files.every((f) => isLoaded(next, f));
  // Synchronously when nothing is missing: hydration must start in the language the server rendered.
  if (ready || import.meta.env.SSR) return apply();
  void (files.length ? loadAllStrings(next, wanted === 'all' ? undefined : files) : loadLanguage(next)).then(apply, () => undefined);
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
