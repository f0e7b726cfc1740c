/**
 * Reasons offered by dialogs (spec §3 "Report reason": reason_type, name, description, content_type,
 * placeholder, have_content), translated by Accept-Language. Closing a question: duplicate (with a link to the
 * original), off-topic, needs details or clarity, opinion-based, and "something else" with a free text; flag
 * reasons per flagged object type and the review-report dialog's reasons.
 */
import { translate } from '../../core/i18n.js';

export interface ReasonDef {
  reason_type: number;
  /** Translation key prefix: `<key>.name`, `<key>.description`, `<key>.placeholder`. */
  key: string;
  content_type: '' | 'text' | 'textarea';
}

/** Close reasons of a question; `close_type` of PUT /question/status is one of these `reason_type`s. */
export const CLOSE_REASONS: ReasonDef[] = [
  { reason_type: 1, key: 'close_reason.duplicate', content_type: 'text' },
  { reason_type: 2, key: 'close_reason.off_topic', content_type: '' },
  { reason_type: 3, key: 'close_reason.not_clarity', content_type: '' },
  { reason_type: 4, key: 'close_reason.opinion_based', content_type: '' },
  { reason_type: 5, key: 'close_reason.something', content_type: 'textarea' },
];

/**
 * Flag reasons (action=flag), with Answer's reason ids as `reason_type` (its `question.flag.reasons`,
 * `answer.flag.reasons`, `comment.flag.reasons`): spam, rude or abusive, something else (text required), and per
 * object a duplicate (the original's address), not an answer, no longer needed; `needs improvement` is Quorum's.
 */
const FLAG = {
  spam: { reason_type: 57, key: 'flag_reason.spam', content_type: '' },
  rude: { reason_type: 58, key: 'flag_reason.rude_or_abusive', content_type: '' },
  something: { reason_type: 59, key: 'flag_reason.something', content_type: 'textarea' },
  duplicate: { reason_type: 60, key: 'flag_reason.a_duplicate', content_type: 'text' },
  notAnswer: { reason_type: 61, key: 'flag_reason.not_a_answer', content_type: '' },
  notNeeded: { reason_type: 62, key: 'flag_reason.no_longer_needed', content_type: '' },
  improve: { reason_type: 101, key: 'flag_reason.needs_improvement', content_type: '' },
} satisfies Record<string, ReasonDef>;

/** Flag reasons per flagged object type. */
export const FLAG_REASONS: Record<'question' | 'answer' | 'comment' | 'user', ReasonDef[]> = {
  question: [FLAG.spam, FLAG.rude, FLAG.duplicate, FLAG.improve, FLAG.something],
  answer: [FLAG.spam, FLAG.rude, FLAG.notAnswer, FLAG.improve, FLAG.something],
  comment: [FLAG.spam, FLAG.rude, FLAG.notNeeded, FLAG.something],
  user: [FLAG.spam, FLAG.rude, FLAG.something],
};

/** Reasons of the review-report dialog (action=review; Answer's `*.review.reasons`). */
const REVIEW = {
  looksOk: { reason_type: 72, key: 'review_reason.looks_ok', content_type: '' },
  needsEdit: { reason_type: 73, key: 'review_reason.needs_edit', content_type: '' },
  needsClose: { reason_type: 74, key: 'review_reason.needs_close', content_type: '' },
  needsDelete: { reason_type: 75, key: 'review_reason.needs_delete', content_type: '' },
} satisfies Record<string, ReasonDef>;

/** A flag reason of an object type by its `reason_type`, or undefined. */
export function flagReason(objectType: string, type: number): ReasonDef | undefined {
  return (FLAG_REASONS as Record<string, ReasonDef[]>)[objectType]?.find((r) => r.reason_type === type);
}

/** Any flag reason by `reason_type` (for presenting stored flags), or undefined. */
export function anyFlagReason(type: number): ReasonDef | undefined {
  return Object.values(FLAG).find((r) => r.reason_type === type);
}

/** A close reason by type, or undefined. */
export function closeReason(type: number): ReasonDef | undefined {
  return CLOSE_REASONS.find((r) => r.reason_type === type);
}

/** Reason list of an object type and action; empty for combinations without reasons. */
export function reasonsFor(objectType: string, action: string): ReasonDef[] {
  if (objectType === 'question' && (action === 'close' || action === 'status')) return CLOSE_REASONS;
  if (action === 'flag') return (FLAG_REASONS as Record<string, ReasonDef[]>)[objectType] ?? [];
  if (action === 'review') {
    if (objectType === 'question') return [REVIEW.looksOk, REVIEW.needsEdit, REVIEW.needsClose, REVIEW.needsDelete];
    if (objectType === 'answer' || objectType === 'comment') return [REVIEW.looksOk, REVIEW.needsEdit, REVIEW.needsDelete];
  }
  return [];
}

/** Answer's ReasonItem, translated. */
export function presentReason(r: ReasonDef, lang: string): Record<string, unknown> {
  return {
    reason_type: r.reason_type,
    reason_key: r.key,
    name: translate(`${r.key}.name`, lang),
    description: translate(`${r.key}.description`, lang),
    content_type: r.content_type,
    placeholder: r.content_type ? translate(`${r.key}.placeholder`, lang) : '',
    have_content: r.content_type !== '',
  };
}
