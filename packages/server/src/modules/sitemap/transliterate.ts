/**
 * Latin slugs for every script (issue "Search engines": slugs keep non-Latin titles meaningful). Chinese runs
 * become toneless pinyin, one word per character (pinyin-pro picks the reading from the surrounding words);
 * any other script becomes its Latin form (any-ascii, e.g. Cyrillic, Greek, Japanese kana, accents dropped).
 * Installed into the contract's urlTitle once, when the server loads this module, so every `url_title` the
 * server sends and every permalink it builds use it; the web bundle carries no table.
 */
import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';
import { setSlugTransliteration } from '@quorum/contract';

const HAN_RUN = /(\p{Script=Han}+)/u;

/**
 * Latin text for a title: Han runs as pinyin syllables separated by spaces, the rest through any-ascii.
 * @param text any Unicode text
 * @returns ASCII text (letters, digits, punctuation and spaces)
 */
export function toLatin(text: string): string {
  return text
    .split(HAN_RUN)
    .map((part, i) => (i % 2 === 1 ? ` ${pinyin(part, { toneType: 'none', type: 'array', v: true }).join(' ')} ` : anyAscii(part)))
    .join('');
}

setSlugTransliteration(toLatin);
