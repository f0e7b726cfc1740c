/**
 * Badge names and descriptions in the reader's language, from i18n/<lang>/badges.yaml (`badge.<slug>.name|desc`,
 * `badge.group.<group>`), falling back to en_US and then to the slug. Loaded once per language.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { DEFAULT_LANGUAGE } from '@quorum/contract';
import { I18N_DIR } from '../../core/paths.js';

type Tree = { badge?: Record<string, Record<string, string> | undefined> };
const cache = new Map<string, Tree>();

function bundle(lang: string): Tree {
  let t = cache.get(lang);
  if (!t) {
    const p = path.join(I18N_DIR, lang, 'badges.yaml');
    t = existsSync(p) ? ((YAML.parse(readFileSync(p, 'utf8')) as Tree | null) ?? {}) : {};
    cache.set(lang, t);
  }
  return t;
}

/** The text of `badge.<section>.<field>` in `lang` (en_US, then `section` itself when missing). */
export function badgeText(section: string, field: string, lang: string): string {
  return bundle(lang).badge?.[section]?.[field] ?? bundle(DEFAULT_LANGUAGE).badge?.[section]?.[field] ?? section;
}
