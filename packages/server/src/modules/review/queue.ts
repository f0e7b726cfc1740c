/**
 * Anti-spam rules applied when a member posts (spec §4 "pending"; the write settings of the admin console):
 * - a question or answer waits for review (status pending, a `review_queue` row) when its author's reputation is
 *   below `site_write.review_reputation` (default 1), while the author has fewer than
 *   `site_write.review_first_posts` public posts (default 0 = off), or when it holds more than
 *   `site_write.review_max_links` links (default 5; 0 = off) and the author lacks the `link.url_limit` privilege;
 * - asking, answering and commenting are limited per member (429 `error.post.rate_limited`; the limits for new
 *   members of modules/spam), counted once per site whatever the workers and nodes (core/counters.ts), off when
 *   the app is built without rate limits (as the account limits).
 * Moderators and administrators are never queued nor limited.
 */
import { MODERATION_WRITE_DEFAULTS, type QueueReason, type SpamPostKind } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { hasPrivilege, isModerator } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { checkPostLimits } from '../spam/index.js';
import { insertReview } from './review.repository.js';

/** The three write-section fields with their defaults filled in. */
export async function moderationSettings(ctx: AppContext): Promise<{ review_reputation: number; review_first_posts: number; review_max_links: number }> {
  const w = (await getSettings(ctx)).site_write as unknown as Record<string, unknown>;
  const num = (k: keyof typeof MODERATION_WRITE_DEFAULTS) => (typeof w[k] === 'number' ? (w[k] as number) : MODERATION_WRITE_DEFAULTS[k]);
  return { review_reputation: num('review_reputation'), review_first_posts: num('review_first_posts'), review_max_links: num('review_max_links') };
}

/** Links in markdown source: http(s) addresses, bare or in links and images. */
export function countLinks(markdown: string): number {
  return (markdown.match(/https?:\/\/[^\s)<>"']+/gi) ?? []).length;
}

/**
 * Why a new question or answer by `user` must wait for review, or null when it goes public at once.
 * @param content the markdown source of the post
 */
export async function queueReason(ctx: AppContext, user: UserRow, content: string): Promise<QueueReason | null> {
  if (isModerator(user)) return null;
  const s = await moderationSettings(ctx);
  if (user.rank < s.review_reputation) return 'low_reputation';
  if (s.review_first_posts > 0 && Number(user.question_count) + Number(user.answer_count) < s.review_first_posts) return 'first_posts';
  if (s.review_max_links > 0 && countLinks(content) > s.review_max_links && !(await hasPrivilege(ctx, user, 'link.url_limit'))) return 'too_many_links';
  return null;
}

/**
 * Counts one post of `kind` by `user` and refuses it when the member is over a limit: for new members (below the
 * spam setting `new_member_reputation`, default 100) the spam section's per-minute, per-hour and per-day counts,
 * per-post links, images and mentions and the wait after sign-up; for the others the hourly flood limits
 * (modules/spam limits.ts). Counted once per site (core/counters.ts).
 * @param content the post's markdown source
 * @param field the form field of the text (`content`, `original_text`) for per-post field errors
 * @throws AppError 429 `error.post.rate_limited` with `retry_after` (seconds until the refusing window ends); 400
 *   field errors on `field`
 */
export async function checkPostRate(ctx: AppContext, user: UserRow, kind: SpamPostKind, content: string, field: string): Promise<void> {
  await checkPostLimits(ctx, user, kind, content, field);
}

/**
 * Queues a new question or answer: call inside the transaction that writes it with status pending.
 * @param post.reason why it waits (queueReason)
 */
export async function queuePost(tx: Db, post: { id: string; kind: 'question' | 'answer'; userId: string; reason: QueueReason; now: number }): Promise<void> {
  await insertReview(tx, { id: post.id, object_type: post.kind, user_id: post.userId, reason: post.reason, now: post.now });
}
