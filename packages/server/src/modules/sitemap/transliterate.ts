/**
 * Latin slugs for every script (issue "Search engines": slugs keep non-Latin titles meaningful). Chinese runs
 * become toneless pinyin, one word per character (pinyin-pro picks the reading from the surrounding words);
 * any other script becomes its Latin form (any-ascii, e.g. Cyrillic, Greek, Japanese kana, accents dropped).
 * Installed into the contract's urlTitle once, when the server loads this module, so every `url_title` the
 * server sends and every permalink it builds use it; the web bundle carries no table.
 */
import { createRequire } from 'node:module';
import anyAscii from 'any-ascii';
import { setSlugTransliteration } from '@quorum/contract';

const requireModule = createRequire(import.meta.url);
type Syllables = (text: string) => string[];
let syllablesOf: Syllables | undefined;

/**
 * Toneless pinyin syllables of a Han run (ü as v). pinyin-pro and its dictionary (~17 MB) are loaded with the
 * first Chinese title a process slugs, not by every process at start.
 */
function syllables(text: string): string[] {
  if (!syllablesOf) {
    const { pinyin } = requireModule('pinyin-pro') as typeof import('pinyin-pro');
    syllablesOf = (t) => pinyin(t, { toneType: 'none', type: 'array', v: true });
  }
  return syllablesOf(text);
}

const HAN_RUN = /(\p{Script=Han}+)/u;

/**
 * Latin text for a title: Han runs as pinyin syllables separated by spaces, the rest through any-ascii.
 * @param text any Unicode text
 * @returns ASCII text (letters, digits, punctuation and spaces)
 */
export function toLatin(text: string): string {
  return text
    .split(HAN_RUN)
    .map((part, i) => (i % 2 === 1 ? ` ${syllables(part).join(' ')} ` : anyAscii(part)))
    .join('');
}

setSlugTransliteration(toLatin);
