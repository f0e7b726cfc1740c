/**
 * URL helpers for questions (spec §9 "Permalink style 1 to 4").
 *
 * Styles: 1 `/questions/{id}/{slug}`, 2 `/questions/{id}`, 3 `/questions/{short id}/{slug}`, 4 `/questions/{short
 * id}`; a link to an answer appends `/{answer id}` (short under 3 and 4), with the slug before it under every style.
 * Short ids are Answer's (its uid package over pacman's EnShortID): the 3-digit object type and the 13-digit
 * sequence of a long id are each offset by 100 and written in base 62 (`0-9a-zA-Z`), least significant digit
 * first; the type always takes two characters, so `10010000000000001` is `D1D1` and decodes back.
 */

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Answer's salt added to both parts before encoding. */
const SALT = 100;

/** Optional transliteration of non-Latin text, installed by the server (the web bundle carries no table). */
let transliterate: ((text: string) => string) | null = null;

/**
 * Installs the function that turns titles into Latin text before slugging (the server installs pinyin and
 * Unicode-to-ASCII tables; the web never does, and uses the server's `url_title` instead).
 * @param fn text -> Latin text, or null to slug titles in their own script
 */
export function setSlugTransliteration(fn: ((text: string) => string) | null): void {
  transliterate = fn;
  slugs.clear();
}

/**
 * Slugs made, by title: every question payload, list item and page address slugs its title, and a title's slug
 * changes only with the title (or the transliteration, which clears this). At most SLUG_MEMO titles, the oldest
 * dropped first.
 */
const slugs = new Map<string, string>();
const SLUG_MEMO = 5000;

/**
 * Turns a title into the slug part of a question permalink: lower case, words joined by '-'. With the server's
 * transliteration installed, non-Latin scripts become Latin (Chinese as pinyin); otherwise letters of every
 * script are kept (percent-encoded by the browser).
 * @param title question title, any script
 * @returns slug of at most 150 characters; 'question' only when the title has no letter or digit at all
 */
export function urlTitle(title: string): string {
  let slug = slugs.get(title);
  if (slug === undefined) {
    slug = makeUrlTitle(title);
    if (slugs.size >= SLUG_MEMO) slugs.delete(slugs.keys().next().value!);
    slugs.set(title, slug);
  }
  return slug;
}

function makeUrlTitle(title: string): string {
  const text = transliterate ? transliterate(title.normalize('NFKC')) : title;
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150)
    .replace(/-+$/g, '');
  return slug || 'question';
}

function encode62(n: number): string {
  let out = '';
  for (let v = n + SALT; v > 0; v = Math.floor(v / 62)) out += ALPHABET[v % 62];
  return out;
}

function decode62(code: string): number | null {
  let v = 0;
  for (let i = code.length - 1; i >= 0; i--) {
    const d = ALPHABET.indexOf(code[i]!);
    if (d < 0) return null;
    v = v * 62 + d;
  }
  return v - SALT;
}

/**
 * Answer's short form of a long object id (`1` + 3-digit type + 13-digit sequence).
 * @returns e.g. `bB2B` for `10010000000000001`; the id unchanged when it is not a 17-digit object id (user ids)
 */
export function shortId(id: string): string {
  if (!/^1\d{16}$/.test(id)) return id;
  return encode62(Number(id.slice(1, 4))) + encode62(Number(id.slice(4)));
}

/**
 * The long id of a short or long id (Answer's DeShortID).
 * @returns the 17-digit id, the input unchanged when it already is all digits, or null when it is not a short id
 */
export function longId(id: string): string | null {
  if (/^\d+$/.test(id)) return id;
  if (!/^[0-9a-zA-Z]{3,12}$/.test(id)) return null;
  const type = decode62(id.slice(0, 2));
  const seq = decode62(id.slice(2));
  if (type === null || seq === null || type < 0 || type > 999 || seq < 0 || seq >= 1e13) return null;
  return `1${String(type).padStart(3, '0')}${String(seq).padStart(13, '0')}`;
}

/**
 * Path of a question page (or of an answer on it) under a permalink style.
 * @param style permalink style 1-4; anything else is treated as 1 (spec §3)
 * @param slug the server's `url_title` when known (the web passes it, so it never slugs titles itself)
 */
export function questionPath(id: string, title: string, style = 1, answerId?: string, slug?: string): string {
  const s = [1, 2, 3, 4].includes(style) ? style : 1;
  const short = s === 3 || s === 4;
  const qid = short ? shortId(id) : id;
  const part = encodeURIComponent(slug || urlTitle(title));
  const base = s === 1 || s === 3 ? `/questions/${qid}/${part}` : `/questions/${qid}`;
  if (!answerId) return base;
  const aid = short ? shortId(answerId) : answerId;
  return s === 1 || s === 3 ? `${base}/${aid}` : `${base}/${part}/${aid}`;
}
