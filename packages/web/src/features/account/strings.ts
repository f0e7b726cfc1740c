/**
 * The strings of the account pages, settings, captcha and message dialogs (i18n/<lang>/ui-account.yaml) are
 * not part of the first load: they are added to i18next when one of those lazily loaded parts loads — en_US (the
 * fallback) and the language in use, then each language the interface switches to (not every bundled language at
 * once: the login page fetched eight files for the one it showed).
 */
import { DEFAULT_LANGUAGE } from '@quorum/contract';
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/*/ui-account.yaml', { import: 'default' });
const byLanguage = new Map(Object.entries(files).map(([file, load]) => [/i18n\/([^/]+)\//.exec(file)?.[1] ?? '', load]));
const loading = new Map<string, Promise<void>>();
let following = false;

/** Adds one language's account strings (once; a failed load is tried again next time). Unknown languages: none. */
function loadLanguageStrings(lang: string): Promise<void> {
  const load = byLanguage.get(lang);
  if (!load) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = load().then((tree) => {
      i18n.addResourceBundle(lang, 'translation', tree, true, false);
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** Adds the account strings of en_US and of the current language, and of every language switched to later. */
export function loadAccountStrings(): Promise<void> {
  if (!following) {
    following = true;
    i18n.on('languageChanged', (lang: string) => void loadLanguageStrings(lang).catch(() => undefined));
  }
  return Promise.all([loadLanguageStrings(DEFAULT_LANGUAGE), loadLanguageStrings(i18n.language)]).then(() => undefined);
}

/** `import()` of a lazily loaded module, resolved once the account strings are in too. */
export function withAccountStrings<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadAccountStrings()]).then(([m]) => m);
}
