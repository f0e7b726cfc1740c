/**
 * Reasons offered by dialogs (spec §3 "Report reason": reason_type, name, description, content_type,
 * placeholder, have_content), translated by Accept-Language. Closing a question: duplicate (with a link to the
 * original), off-topic, needs details or clarity, opinion-based, and "something else" with a free text.
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

/** A close reason by type, or undefined. */
export function closeReason(type: number): ReasonDef | undefined {
  return CLOSE_REASONS.find((r) => r.reason_type === type);
}

/** Reason list of an object type and action; empty for combinations without reasons. */
export function reasonsFor(objectType: string, action: string): ReasonDef[] {
  if (objectType === 'question' && (action === 'close' || action === 'status')) return CLOSE_REASONS;
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
