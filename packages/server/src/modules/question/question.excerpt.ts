/**
 * Plain-text excerpts of question bodies (list descriptions, question descriptions and meta tags), remembered:
 * `excerpt` runs the HTML through sanitize-html, the largest single cost of a logged-in question/info call and of
 * a question list page (docs/BENCHMARKS.md "Real traffic"), for text that changes only when the question is
 * edited. Keyed by the HTML itself, so an edited body is a new key; at most MAX_ENTRIES per length, the oldest
 * dropped first.
 */
import { excerpt } from '../../core/markdown.js';

const MAX_ENTRIES = 2000;

const byLength = new Map<number, Map<string, string>>();

/**
 * `excerpt(html, max)` (core/markdown.ts), from memory when the same HTML was cut to the same length before.
 * @param html sanitized HTML of a question body
 * @param max maximum length in characters
 */
export function questionExcerpt(html: string, max: number): string {
  let memo = byLength.get(max);
  if (!memo) byLength.set(max, (memo = new Map()));
  let text = memo.get(html);
  if (text === undefined) {
    text = excerpt(html, max);
    if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(html, text);
  }
  return text;
}
