/**
 * Strings of the question page's actions, comments and the edit pages. They live in
 * i18n/<lang>/qa-actions.yaml (not `ui*.yaml`) so they load with the lazy chunks that use them instead of the
 * initial bundle of the reading pages; importing this module registers both bundled languages.
 */
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/*/qa-actions.yaml', { eager: true, import: 'default' });
for (const [file, tree] of Object.entries(files)) {
  const lang = /i18n\/([^/]+)\//.exec(file)?.[1];
  if (lang && tree) i18n.addResourceBundle(lang, 'translation', tree, true, false);
}

export {};
