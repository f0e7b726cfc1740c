/**
 * The flag dialog's checks as pure rules (spec §5): a reason must be picked, a reason that takes text needs
 * text, and the link of a duplicate (reason type 60, or any reason with a one-line `text` field, which the
 * reasons list uses for "duplicate of") must be a URL of this site.
 */
import { FlagReason as FlagReasonTypes, type FlagSource, type ReasonItem } from '@quorum/contract';

/** One reason of GET /reasons and what can be flagged (the `source` of POST /report). */
export type FlagReason = Pick<ReasonItem, 'reason_type' | 'name' | 'description' | 'content_type' | 'placeholder' | 'have_content'>;
export type { FlagSource };

/** Reason type whose text must be a link to a post of this site (spec §5). */
export const DUPLICATE_REASON_TYPE: number = FlagReasonTypes.a_duplicate;

/** Message keys (under `flag.check.`) of a failed check. */
export type FlagCheck = 'pick_reason' | 'empty' | 'url_invalid' | 'url_origin';

/** True when the reason's text is a link to a question of this site. */
export function wantsLink(reason: FlagReason): boolean {
  return reason.reason_type === DUPLICATE_REASON_TYPE || (reason.have_content && reason.content_type === 'text');
}

/**
 * Checks a flag before it is sent.
 * @param reason the picked reason, or undefined
 * @param content the text typed for it (ignored when the reason takes none)
 * @param origin the site's origin, e.g. 'https://example.com'
 * @returns the failed check and the field it belongs to, or null when the flag may be sent
 */
export function checkFlag(reason: FlagReason | undefined, content: string, origin: string): { field: 'reason' | 'content'; check: FlagCheck } | null {
  if (!reason) return { field: 'reason', check: 'pick_reason' };
  if (!reason.have_content) return null;
  const text = content.trim();
  if (!text) return { field: 'content', check: 'empty' };
  if (!wantsLink(reason)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { field: 'content', check: 'url_invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { field: 'content', check: 'url_invalid' };
  return url.origin === origin ? null : { field: 'content', check: 'url_origin' };
}

/** The body of POST /report for a checked flag (spec §3 "Report or flag payload"). */
export function flagBody(source: FlagSource, objectId: string, reason: FlagReason, content: string): { source: FlagSource; object_id: string; report_type: number; content: string } {
  return { source, object_id: objectId, report_type: reason.reason_type, content: reason.have_content ? content.trim() : '' };
}
