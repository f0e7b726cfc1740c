/**
 * The write settings' rules for a question's body and tags (Answer 1.7's `min_content` and `min_tags`, issue
 * #35 item 8), shared by the server's POST/PUT /question and the web client's ask and edit forms, so that a form
 * never demands what the server does not.
 *
 * Defaults keep spec §5 ("Question body and tags: required; at least one tag"): a body of at least one
 * character and one tag. `min_content: 0` makes the body optional, `min_tags: 0` the tags.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Defaults of the `site_write` fields: today's rules (a body and one tag required). */
export const QUESTION_WRITE_DEFAULTS = { min_tags: 1, min_content: 1 } as const;

/** The rules as the settings hold them. */
export interface QuestionWriteRules {
  /** Fewest tags, 0–5. */
  min_tags: number;
  /** Fewest characters of the body once trimmed, 0–65535. */
  min_content: number;
}

/** An optional whole number from 0 to `max`, refused with `key`. */
function range(key: string, max: number) {
  return z.number({ error: key }).int(key).min(0, key).max(max, key).optional();
}

/** Fields of PUT /admin/api/siteinfo/write (Answer's `SiteWriteReq`/`SiteQuestionsReq` names); absent keeps the stored value. */
export const SiteWriteQuestionFields = {
  min_tags: range('error.settings.min_tags_range', LIMITS.questionTagsMax),
  min_content: range('error.settings.min_content_range', LIMITS.questionContentMax),
};

/** One refused field: a translation key and its `{{min}}` parameter. */
export interface QuestionWriteIssue {
  field: 'content' | 'tags';
  message: string;
  params?: { min: number };
}

/** Length of a body as the rule counts it: characters (code points) once leading and trailing space is trimmed. */
export function contentLength(content: string): number {
  return [...content.trim()].length;
}

/**
 * Checks a question's body and tags against the settings.
 * @param rules the `site_write` settings (missing fields fall back to {@link QUESTION_WRITE_DEFAULTS})
 * @returns the refused fields, empty when the question passes. A minimum of 1 keeps spec §5's texts ("Body cannot
 *   be empty.", "Add at least one tag."); larger minimums name the number.
 */
export function questionWriteIssues(input: { content: string; tags: readonly unknown[] }, rules: Partial<QuestionWriteRules> | undefined): QuestionWriteIssue[] {
  const minContent = rules?.min_content ?? QUESTION_WRITE_DEFAULTS.min_content;
  const minTags = rules?.min_tags ?? QUESTION_WRITE_DEFAULTS.min_tags;
  const issues: QuestionWriteIssue[] = [];
  if (contentLength(input.content) < minContent) {
    issues.push(minContent <= 1 ? { field: 'content', message: 'error.question.content_required' } : { field: 'content', message: 'error.question.content_too_short', params: { min: minContent } });
  }
  if (input.tags.length < minTags) {
    issues.push(minTags <= 1 ? { field: 'tags', message: 'error.question.tags_required' } : { field: 'tags', message: 'error.question.tags_too_few', params: { min: minTags } });
  }
  return issues;
}
