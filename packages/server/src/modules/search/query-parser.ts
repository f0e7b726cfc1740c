/**
 * Search query parser (spec §3 "Search operators"): `[tag]` (several allowed), `is:question`, `is:answer`,
 * `score:N` (score at least N), `user:name`, `answers:N` (questions with at least N answers; `answers:0` the
 * questions without any, Answer's rule), mixed with free
 * text. Independent of the database engine. Anything that is not a well-formed operator is plain text, so a
 * malformed operator (`score:abc`, `[unclosed`) never fails: it is searched for as words, and the tokenizer
 * keeps only letters and digits of it.
 */
import { USERNAME_PATTERN } from '@quorum/contract';

export interface ParsedQuery {
  /** Free text, as typed (the tokenizer turns it into index tokens). */
  text: string;
  /** Tag slugs, lower-cased, distinct, in order. */
  tags: string[];
  type?: 'question' | 'answer';
  minScore?: number;
  user?: string;
  /** `answers:N`: at least N answers; 0 means exactly none. */
  minAnswers?: number;
}

/** Longest query considered; the rest is ignored. */
export const MAX_QUERY_LENGTH = 512;
const MAX_TAGS = 5;
const TAG = /^[\p{L}\p{N}+#.\-_]{1,35}$/u;
const INT = /^-?\d{1,9}$/;

/**
 * Parses a search query.
 * @param q the query string, any content
 * @returns operators found and the remaining free text
 */
export function parseQuery(q: string): ParsedQuery {
  const out: ParsedQuery = { text: '', tags: [] };
  const words: string[] = [];
  for (const part of q.slice(0, MAX_QUERY_LENGTH).split(/\s+/)) {
    if (!part) continue;
    const bracketed = /^(\[[^[\]\s]+\])+$/.test(part) ? [...part.matchAll(/\[([^[\]\s]+)\]/g)].map((m) => m[1]!.toLowerCase()) : null;
    if (bracketed && bracketed.every((t) => TAG.test(t))) {
      for (const t of bracketed) if (!out.tags.includes(t) && out.tags.length < MAX_TAGS) out.tags.push(t);
      continue;
    }
    const colon = part.indexOf(':');
    if (colon > 0) {
      const key = part.slice(0, colon).toLowerCase();
      const value = part.slice(colon + 1);
      const lower = value.toLowerCase();
      if (key === 'is' && (lower === 'question' || lower === 'answer')) {
        out.type = lower;
        continue;
      }
      if (key === 'score' && INT.test(value)) {
        out.minScore = Number(value);
        continue;
      }
      if (key === 'answers' && INT.test(value) && !value.startsWith('-')) {
        out.minAnswers = Number(value);
        continue;
      }
      if (key === 'user' && lower.length <= 30 && USERNAME_PATTERN.test(lower)) {
        out.user = lower;
        continue;
      }
    }
    words.push(part);
  }
  out.text = words.join(' ');
  return out;
}

/** True when the query asks for anything at all (text or an operator). */
export function hasCriteria(p: ParsedQuery): boolean {
  return p.text.trim() !== '' || p.tags.length > 0 || p.type !== undefined || p.minScore !== undefined || p.user !== undefined || p.minAnswers !== undefined;
}
