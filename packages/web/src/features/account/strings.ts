/**
 * The strings of the account pages, settings, captcha and message dialogs (i18n/<lang>/ui-account.yaml) are
 * not part of the first load: they are added to i18next when one of those lazily loaded parts loads.
 */
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/*/ui-account.yaml', { import: 'default' });
let loading: Promise<void> | null = null;

/** Adds the account strings of every bundled language (once). */
export function loadAccountStrings(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(files).map(async ([file, load]) => {
      const lang = /i18n\/([^/]+)\//.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'translation', await load(), true, false);
    }),
  ).then(() => undefined);
  return loading;
}

/** `import()` of a lazily loaded module, resolved once the account strings are in too. */
export function withAccountStrings<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadAccountStrings()]).then(([m]) => m);
}
