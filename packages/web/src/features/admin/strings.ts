/**
 * The admin console's strings (i18n/<lang>/ui-admin.yaml) are not part of the first load nor of the other
 * lazily loaded pages: en_US's (the default and the fallback) are added to i18next when the console's chunk
 * loads. Another language arrives whole from the server (lib/i18n.ts `fetchLanguage`, ui-admin included) before
 * it is used, so the console does not fetch a chunk per bundled language.
 */
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/en_US/ui-admin.yaml', { import: 'default' });
let loading: Promise<void> | null = null;

/** Adds en_US's admin strings (once). */
export function loadAdminStrings(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(files).map(async ([file, load]) => {
      const lang = /i18n\/([^/]+)\//.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'translation', await load(), true, false);
    }),
  ).then(() => undefined);
  loading.catch(() => (loading = null));
  return loading;
}

/** `import()` of a lazily loaded module, resolved once the admin strings are in too. */
export function withAdminStrings<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadAdminStrings()]).then(([m]) => m);
}
