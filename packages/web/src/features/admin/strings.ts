/**
 * The admin console's strings (i18n/<lang>/ui-admin.yaml) are not part of the first load nor of the other
 * lazily loaded pages: they are added to i18next when the console's chunk loads.
 */
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/*/ui-admin.yaml', { import: 'default' });
let loading: Promise<void> | null = null;

/** Adds the admin strings of every bundled language (once). */
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
