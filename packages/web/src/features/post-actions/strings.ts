/**
 * Strings of the question page's actions, comments and the edit pages. They live in
 * i18n/<lang>/qa-actions.yaml (not `ui*.yaml`) so they load with the lazy chunks that use them instead of the
 * initial bundle of the reading pages; importing this module registers en_US's (the default and the fallback).
 * Another language arrives whole from the server (lib/i18n.ts `fetchLanguage`, qa-actions included) before it is
 * used, so the chunk does not carry every language's copy (~10 KB brotli on the question page).
 */
import { i18n } from '../../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../../../../i18n/en_US/qa-actions.yaml', { eager: true, import: 'default' });
for (const [file, tree] of Object.entries(files)) {
  const lang = /i18n\/([^/]+)\//.exec(file)?.[1];
  if (lang && tree) i18n.addResourceBundle(lang, 'translation', tree, true, false);
}

export {};
