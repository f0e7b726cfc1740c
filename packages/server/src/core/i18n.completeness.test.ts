/**
 * Translation completeness: every language folder under i18n/ has every file and key of en_US, no key en_US
 * lacks, the same `{{placeholders}}` and the same markup tags (`<code>`, `<tos>` ...) in each string, and the
 * plural forms its language needs (CLDR categories, i18next `_one` / `_few` / `_other` suffixes). Also: every
 * folder is a listed language (or a generated pseudo-locale), so a folder cannot be added without being offered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@quorum/contract';
import { I18N_DIR } from './paths.js';
import { flattenStrings, PSEUDO_LOCALES } from './i18n.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function readLanguage(lang: string): Map<string, Map<string, string>> {
  const files = new Map<string, Map<string, string>>();
  for (const file of readdirSync(path.join(I18N_DIR, lang)).filter((f) => f.endsWith('.yaml')).sort()) {
    const text = readFileSync(path.join(I18N_DIR, lang, file), 'utf8');
    try {
      files.set(file, flattenStrings(YAML.parse(text)));
    } catch (e) {
      throw new Error(`i18n/${lang}/${file} is not valid YAML: ${(e as Error).message}`, { cause: e });
    }
  }
  return files;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
const tags = (s: string) => [...s.matchAll(/<\/?([a-z][\w-]*)\b[^>]*>/gi)].map((m) => m[0].replace(/\s.*>$/, '>')).sort();

/** Problems of one language against en_US, one line each: `file: key: what is wrong`. */
function problems(lang: string, own: Map<string, Map<string, string>>, reference: Map<string, Map<string, string>>): string[] {
  const out: string[] = [];
  const categories = new Intl.PluralRules(lang.replace('_', '-')).resolvedOptions().pluralCategories as string[];
  for (const file of own.keys()) if (!reference.has(file)) out.push(`${file}: file that ${DEFAULT_LANGUAGE} does not have`);
  for (const [file, ref] of reference) {
    const mine = own.get(file);
    if (!mine) {
      out.push(`${file}: missing file (${ref.size} keys)`);
      continue;
    }
    // Plural groups: the base key of `x_one` / `x_other` must come in exactly this language's forms.
    // A plural group is a base with both `_one` and `_other` in en_US (`tags_too_many` alone is a plain key).
    const refPlural = new Map<string, string>();
    for (const [key, text] of ref) {
      const m = PLURAL.exec(key);
      const base = m ? key.slice(0, -m[0].length) : '';
      if (m && ref.has(`${base}_one`) && ref.has(`${base}_other`)) refPlural.set(base, [refPlural.get(base) ?? '', text].join(' '));
    }
    const isPluralForm = (key: string) => {
      const m = PLURAL.exec(key);
      return m ? refPlural.has(key.slice(0, -m[0].length)) : false;
    };
    for (const [key, text] of ref) {
      if (isPluralForm(key)) continue;
      const t = mine.get(key);
      if (t === undefined) out.push(`${file}: ${key}: missing`);
      else {
        if (placeholders(t).join() !== placeholders(text).join()) out.push(`${file}: ${key}: placeholders ${placeholders(t).join(', ') || 'none'} instead of ${placeholders(text).join(', ') || 'none'}`);
        if (tags(t).join() !== tags(text).join()) out.push(`${file}: ${key}: markup ${tags(t).join(' ') || 'none'} instead of ${tags(text).join(' ') || 'none'}`);
      }
    }
    for (const [base, refTexts] of refPlural) {
      const allowed = placeholders(refTexts).filter((p) => p !== 'count');
      for (const cat of categories) {
        const t = mine.get(`${base}_${cat}`);
        if (t === undefined) out.push(`${file}: ${base}_${cat}: missing (plural form of ${lang})`);
        else if (placeholders(t).filter((p) => p !== 'count').join() !== allowed.join()) out.push(`${file}: ${base}_${cat}: placeholders ${placeholders(t).join(', ') || 'none'} instead of ${allowed.join(', ') || 'none'} (and count)`);
      }
    }
    for (const key of mine.keys()) {
      const m = PLURAL.exec(key);
      if (m && refPlural.has(key.slice(0, -m[0].length))) {
        // en_US's own forms are tolerated (i18next ignores them where the language has no such form).
        if (!categories.includes(m[1]!) && !ref.has(key)) out.push(`${file}: ${key}: plural form ${lang} does not use`);
      } else if (!ref.has(key)) out.push(`${file}: ${key}: key that ${DEFAULT_LANGUAGE} does not have`);
    }
  }
  return out;
}

let referenceFiles: Map<string, Map<string, string>> | undefined;
const reference = () => (referenceFiles ??= readLanguage(DEFAULT_LANGUAGE));
const folders = readdirSync(I18N_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('translations', () => {
  it('every language folder is a listed language', () => {
    const listed = LANGUAGES.map((l) => l.value as string);
    expect(folders.filter((f) => !listed.includes(f) && !(PSEUDO_LOCALES as readonly string[]).includes(f))).toEqual([]);
    expect(folders).toContain(DEFAULT_LANGUAGE);
  });

  for (const lang of folders.filter((f) => f !== DEFAULT_LANGUAGE && !(PSEUDO_LOCALES as readonly string[]).includes(f))) {
    it(`${lang} has every key of ${DEFAULT_LANGUAGE}, with the same placeholders`, () => {
      const found = problems(lang, readLanguage(lang), reference());
      // The message lists each missing or wrong key with its file, so a failure says what to translate.
      expect(found, `${lang}: ${found.length} problems\n  ${found.join('\n  ')}`).toEqual([]);
    });
  }

  it('reports a missing key, a changed placeholder or tag, an extra key and a missing plural form', () => {
    const ref = new Map([['a.yaml', flattenStrings(YAML.parse('x: Hi {{name}}\ny: Bye\nt: <b>on</b>\nn_one: one\nn_other: "{{count}} more"\n'))]]);
    const ru = new Map([['a.yaml', flattenStrings(YAML.parse('x: Привет {{nom}}\nt: вкл\nz: лишний\nn_one: "{{count}}"\nn_other: "{{count}}"\n'))]]);
    expect(problems('ru_RU', ru, ref)).toEqual([
      'a.yaml: x: placeholders nom instead of name',
      'a.yaml: y: missing',
      'a.yaml: t: markup none instead of </b> <b>',
      'a.yaml: n_few: missing (plural form of ru_RU)',
      'a.yaml: n_many: missing (plural form of ru_RU)',
      'a.yaml: z: key that en_US does not have',
    ]);
    const ja = new Map([['a.yaml', flattenStrings(YAML.parse('x: こんにちは {{name}}\ny: じゃあ\nt: <b>オン</b>\nn_other: "{{count}}"\nn_few: "{{count}}"\n'))], ['b.yaml', new Map()]]);
    expect(problems('ja_JP', ja, ref)).toEqual(['b.yaml: file that en_US does not have', 'a.yaml: n_few: plural form ja_JP does not use']);
  });
});
