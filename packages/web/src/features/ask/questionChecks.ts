/**
 * The ask and edit forms' own checks of a question: the contract's schema (title, maximums) and the site's
 * body and tag minimums read from GET /siteinfo (`site_write.min_content`, `site_write.min_tags`; contract
 * questionRules.ts), so a form refuses exactly what the server refuses and says the configured minimum.
 */
import type { TFunction } from 'i18next';
import { QuestionAddReq, questionWriteIssues, type QuestionWriteRules } from '@quorum/contract';
import { schemaErrors, translateCheck, type FieldErrors } from '../../lib/formErrors';

/** The minimums as /siteinfo serves them (absent fields: the defaults). */
export type SiteQuestionRules = Partial<QuestionWriteRules> | undefined;

/**
 * Translated field errors of a question form, the schema's first, keyed by form field.
 * @param body the request about to be sent (`title`, `content`, `tags`)
 * @param toFormField maps a schema path ('tags.0.slug_name') to a form field
 */
export function questionFormErrors(t: TFunction, rules: SiteQuestionRules, body: { title: string; content: string; tags: readonly unknown[] }, toFormField: (field: string) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(schemaErrors(QuestionAddReq, body))) out[toFormField(field)] ??= translateCheck(t, key);
  for (const issue of questionWriteIssues(body, rules)) {
    out[issue.field] ??= issue.params ? t(issue.message, { ...issue.params, defaultValue: issue.message }) : translateCheck(t, issue.message);
  }
  return out;
}

/** Whether the body may be left empty (minimum 0). */
export const bodyOptional = (rules: SiteQuestionRules): boolean => (rules?.min_content ?? 1) === 0;
/** Whether a question may have no tags (minimum 0). */
export const tagsOptional = (rules: SiteQuestionRules): boolean => (rules?.min_tags ?? 1) === 0;
