/**
 * Engine-independent search tokenizer. Posts and queries go through the same function, so every engine
 * (SQLite FTS5, PostgreSQL tsvector with the 'simple' configuration, MariaDB/MySQL FULLTEXT) indexes and
 * matches the same plain, space-separated ASCII-or-letter tokens:
 * - Text is NFKC-normalized and lower-cased; Latin and other spaced scripts split into runs of letters and
 *   digits, with diacritics removed (so 'café' matches 'cafe' on every engine).
 * - CJK runs (Han, Hiragana, Katakana, Hangul) have no spaces: they are split into overlapping bigrams
 *   ('啤酒花' -> '啤酒', '酒花'); a lone CJK character is a unigram. A query's bigrams must all be present,
 *   which finds any substring of two or more characters.
 * - Index form: MariaDB's InnoDB FULLTEXT ignores tokens shorter than innodb_ft_min_token_size (default 3,
 *   a read-only server setting) and its default stopwords, so short words and stopwords are wrapped in 'q'
 *   ('is' -> 'qisq'), and CJK grams are written as 'c' + 4 base-36 digits per code point
 *   ('啤酒' -> 'c0gv80spe'). Every stored token is thus at least 3 characters, never a stopword, and free of
 *   syntax characters of any engine.
 */

// CJK scripts plus the marks they use inside words (prolonged sound mark, iteration marks).
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3005\\u30fc';
// A CJK run, or a run of other letters, digits and marks (class subtraction of the `v` flag: one test per
// character instead of a lookahead).
const RUNS = new RegExp(`([${CJK}]+)|([[\\p{L}\\p{N}\\p{M}]--[${CJK}]]+)`, 'gv');
const ASCII_WORD = /^[a-z0-9]+$/;
// Text of ASCII characters only (most posts of English sites): NFKC leaves it as it is and its runs are plain
// [a-z0-9] after lower-casing, so it skips normalizing and the Unicode property classes (~2x faster to index).
const ASCII_TEXT = /^[^\u0080-\uffff]*$/;
const ASCII_RUNS = /[a-z0-9]+/g;

/** InnoDB's default FULLTEXT stopwords (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD on MariaDB 10.11). */
export const ENGINE_STOPWORDS: ReadonlySet<string> = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(' '),
);

/** Longest word kept (InnoDB drops tokens over innodb_ft_max_token_size, 84). */
const MAX_WORD = 40;

export interface Token {
  /** The token as the reader sees it: a lower-cased word or a CJK gram. */
  text: string;
  /** The form stored in and matched against the index. */
  form: string;
  /** True for short words and stopwords: weak evidence of similarity. */
  weak: boolean;
}

function cjkForm(gram: string): string {
  let out = 'c';
  for (const ch of gram) out += ch.codePointAt(0)!.toString(36).padStart(4, '0');
  return out;
}

// Words repeat a lot across posts: their tokens are remembered (bounded; tokens are never mutated).
const wordCache = new Map<string, Token | null>();
const WORD_CACHE_MAX = 50_000;

function wordToken(raw: string): Token | null {
  const hit = wordCache.get(raw);
  if (hit !== undefined) return hit;
  // Plain ASCII needs no diacritics removal; everything else is decomposed, stripped of marks, recomposed.
  const word = (ASCII_WORD.test(raw) ? raw : raw.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')).slice(0, MAX_WORD);
  let token: Token | null = null;
  if (word) {
    const weak = [...word].length < 3 || ENGINE_STOPWORDS.has(word);
    token = { text: word, form: weak ? `q${word}q` : word, weak };
  }
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(raw, token);
  return token;
}

/**
 * Splits text into tokens.
 * @param text any text (plain text, not HTML)
 * @param max stop after this many tokens (bounds the work on huge posts and hostile queries)
 */
export function tokenize(text: string, max = Infinity): Token[] {
  const out: Token[] = [];
  if (ASCII_TEXT.test(text)) {
    for (const m of text.toLowerCase().matchAll(ASCII_RUNS)) {
      if (out.length >= max) break;
      const t = wordToken(m[0]);
      if (t) out.push(t);
    }
    return out;
  }
  const normalized = text.normalize('NFKC').toLowerCase();
  for (const m of normalized.matchAll(RUNS)) {
    if (out.length >= max) break;
    if (m[1]) {
      const chars = [...m[1]];
      if (chars.length === 1) out.push({ text: chars[0]!, form: cjkForm(chars[0]!), weak: true });
      for (let i = 0; i + 1 < chars.length && out.length < max; i++) {
        const gram = chars[i]! + chars[i + 1]!;
        out.push({ text: gram, form: cjkForm(gram), weak: false });
      }
    } else if (m[2]) {
      const t = wordToken(m[2]);
      if (t) out.push(t);
    }
  }
  return out;
}

/**
 * The index text of a document field: token forms joined by spaces.
 * @param max most tokens kept (PostgreSQL caps a tsvector at 1 MB; 20,000 tokens is far below that)
 */
export function indexText(text: string, max = 20_000): string {
  return tokenize(text, max).map((t) => t.form).join(' ');
}

/** Distinct token forms of a query, in order, at most `max`. */
export function queryForms(text: string, max = 32): string[] {
  return [...new Set(tokenize(text, max * 4).map((t) => t.form))].slice(0, max);
}

/** Distinct strong (not short, not stopword) token forms of a query; all forms when none is strong. */
export function strongQueryForms(text: string, max = 16): string[] {
  const tokens = tokenize(text, max * 4);
  const strong = tokens.filter((t) => !t.weak);
  return [...new Set((strong.length ? strong : tokens).map((t) => t.form))].slice(0, max);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Visible text of sanitized HTML (tags dropped, common entities decoded); fast enough for bulk indexing. */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
}
