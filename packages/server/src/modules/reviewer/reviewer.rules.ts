/**
 * The built-in reviewer's rules (issue "spam and abuse defence" item 2), pure functions of the text, its author
 * and the spam settings (contract schemas/spam.ts). Each rule gives a decision or points:
 *
 * | rule | outcome |
 * |---|---|
 * | a word of `blocked_words` in the text (whole word, any case; within the text for words in scripts without spaces) | reject `error.reviewer.blocked_word` {word} |
 * | the author's e-mail domain (or a parent) in `blocked_email_domains`, the sign-up block list | reject `error.reviewer.blocked_email_domain` {domain} |
 * | each distinct phrase of `spam_phrases` in the text (any case, runs of spaces as one) | +4 |
 * | link density, for new members: 2 links or more and more than 10 links per 100 words (members from `new_member_reputation` up are trusted with links, as by the new-member link limits) | +4 |
 * | a new member (reputation below `new_member_reputation`) posting a link | +2 |
 * | repeated text: the same or nearly the same body (word-trigram overlap 90 % or more, bodies of 40 letters, digits and spaces or more, so that short replies such as "thanks, that worked" may recur) as one of the member's posts of the last 24 hours | +4, or +8 from the second copy |
 *
 * Points add up: 4 or more queue the post for review, 8 or more refuse it (`error.reviewer.spam`). So one spam
 * phrase, a new member's link-stuffed text or a text posted again waits for a moderator; two of them, or a third copy, are
 * refused; a new member's single link alone passes.
 */
import { countLinksBesideImages } from '../spam/content.js';
import { domainListed } from '../spam/index.js';

/** Points at which a text waits for review, and at which it is refused. */
export const QUEUE_SCORE = 4;
export const REJECT_SCORE = 8;
/** Links per 100 words above which the density rule counts (with at least DENSITY_MIN_LINKS links). */
export const LINK_DENSITY_MAX = 10;
const DENSITY_MIN_LINKS = 2;
/** Shortest normalised body compared for repetition, and the overlap that counts as the same text. */
const REPEAT_MIN_CHARS = 40;
const REPEAT_SIMILARITY = 0.9;

/** What the rules look at. */
export interface RuleInput {
  /** everything readable: title, body and website together */
  text: string;
  /** the body alone (markdown), compared for repetition and counted for links */
  body: string;
  author_email: string;
  new_member: boolean;
  /** the member's recent bodies (last 24 hours), the edited post itself left out */
  recent: readonly string[];
  spam_phrases: readonly string[];
  blocked_words: readonly string[];
  blocked_email_domains: readonly string[];
}

/** The rules' verdict: a decision, its points and, for a refusal, the member's message key and values. */
export interface RuleVerdict {
  decision: 'pass' | 'queue' | 'reject';
  score: number;
  /** names of the rules that counted, for moderators and logs */
  hits: string[];
  message?: string;
  params?: Record<string, string>;
}

/** Lower case, markdown punctuation and runs of spaces folded, so that near-identical texts compare equal. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Words of a text: runs of letters or digits (a link counts as its pieces). */
export function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

function trigrams(norm: string): Set<string> {
  const w = norm.split(' ');
  const out = new Set<string>();
  if (w.length < 3) out.add(norm);
  for (let i = 0; i + 2 < w.length; i++) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  return out;
}

/** Jaccard overlap of two normalised texts' word trigrams, 0 to 1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = trigrams(a);
  const y = trigrams(b);
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both / (x.size + y.size - both || 1);
}

const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first blocked word found in `text`, or undefined. */
export function blockedWord(text: string, words: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return words.find((w) => {
    const word = w.toLowerCase();
    if (!word) return false;
    if (SPACELESS.test(word)) return lower.includes(word);
    return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
  });
}

/** Applies every rule (see the file header). */
export function applyRules(input: RuleInput): RuleVerdict {
  const word = blockedWord(input.text, input.blocked_words);
  if (word) return { decision: 'reject', score: REJECT_SCORE, hits: ['blocked_word'], message: 'error.reviewer.blocked_word', params: { word } };
  const domain = input.author_email.split('@').pop()!.trim().toLowerCase();
  if (domain && input.author_email.includes('@') && domainListed(domain, input.blocked_email_domains)) {
    return { decision: 'reject', score: REJECT_SCORE, hits: ['blocked_email_domain'], message: 'error.reviewer.blocked_email_domain', params: { domain } };
  }
  let score = 0;
  const hits: string[] = [];
  const count = (points: number, hit: string) => {
    score += points;
    hits.push(hit);
  };
  const loose = input.text.toLowerCase().replace(/\s+/g, ' ');
  for (const phrase of input.spam_phrases) {
    const p = phrase.toLowerCase().replace(/\s+/g, ' ').trim();
    if (p && loose.includes(p)) count(4, `spam_phrase:${phrase}`);
  }
  const links = countLinksBesideImages(input.text);
  if (input.new_member && links >= DENSITY_MIN_LINKS && (links * 100) / Math.max(1, wordCount(input.text)) > LINK_DENSITY_MAX) count(4, 'link_density');
  if (input.new_member && links > 0) count(2, 'new_member_links');
  const body = normalise(input.body);
  if (body.length >= REPEAT_MIN_CHARS) {
    const copies = input.recent.filter((r) => similarity(body, normalise(r)) >= REPEAT_SIMILARITY).length;
    if (copies) count(copies >= 2 ? 8 : 4, `repeated_text:${copies}`);
  }
  if (score >= REJECT_SCORE) return { decision: 'reject', score, hits, message: 'error.reviewer.spam' };
  return { decision: score >= QUEUE_SCORE ? 'queue' : 'pass', score, hits };
}
