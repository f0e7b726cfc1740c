/**
 * The `ui` section of GET /language/config and /installation/language/config: the translations Answer 1.4's web
 * client loads for a language other than its built-in English (ui/src/utils/localize.ts reads `data.ui` and adds
 * it as its i18next bundle). Built from this site's own strings of the language through ANSWER_UI_KEYS.
 */
import { flattenStrings, uiBundle } from '../../core/i18n.js';
import { ANSWER_UI_KEYS } from './answer-ui.keys.js';

/**
 * Answer's client translations of `lang` as a nested object keyed like its own (`header.nav.question` ->
 * `{header: {nav: {question: ...}}}`), each text taken from this site's string for it in `lang` (en_US where the
 * language lacks one). Built on each call (a few hundred lookups in the cached bundle of core/i18n).
 * @param lang an offered language code (e.g. zh_CN)
 */
export function answerUiBundle(lang: string): Record<string, unknown> {
  const ours = flattenStrings(uiBundle(lang));
  const out: Record<string, unknown> = {};
  for (const [section, keys] of Object.entries(ANSWER_UI_KEYS)) {
    for (const [rest, ourKey] of Object.entries(keys)) {
      const text = ours.get(ourKey);
      if (text === undefined) continue;
      const path = rest ? [section, ...rest.split('.')] : [section];
      let node = out;
      for (const part of path.slice(0, -1)) {
        const next = node[part];
        node = (next && typeof next === 'object' ? next : (node[part] = {})) as Record<string, unknown>;
      }
      node[path[path.length - 1]!] = text;
    }
  }
  return out;
}
