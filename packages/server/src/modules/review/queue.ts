/**
 * Anti-spam rules applied when a member posts (spec §4 "pending"; the write settings of the admin console):
 * - a question or answer waits for review (status pending, a `review_queue` row) when its author's reputation is
 *   below `site_write.review_reputation` (default 1), while the author has fewer than
 *   `site_write.review_first_posts` public posts (default 0 = off), or when it holds more than
 *   `site_write.review_max_links` links (default 5; 0 = off) and the author lacks the `link.url_limit` privilege;
 * - asking, answering and commenting are rate-limited per member (429 `error.post.rate_limited`), counted once per
 *   site whatever the workers and nodes (core/counters.ts), off when the app is built without rate limits (as the
 *   account limits).
 * Moderators and administrators are never queued nor limited.
 */
import { MODERATION_WRITE_DEFAULTS, type QueueReason } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { counters } from '../../core/counters.js';
import { AppError } from '../../core/errors.js';
import { hasPrivilege, isModerator } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { rateLimitsOn } from '../user/index.js';
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

/** Posts per member per hour: [below 100 reputation, from 100]. */
export const POST_RATE_LIMITS = { question: [3, 30], answer: [10, 100], comment: [20, 200] } as const;
const WINDOW_SECONDS = 60 * 60;

/**
 * Counts one post of `kind` by `user` and refuses it when the member is over the hourly limit of their tier. The
 * count is the site's (core/counters.ts: the cluster primary, the database or Redis), in a fixed hour opened by
 * the member's first post of that kind.
 * @throws AppError 429 `error.post.rate_limited` with `retry_after` (seconds left in the hour)
 */
export async function checkPostRate(ctx: AppContext, user: UserRow, kind: keyof typeof POST_RATE_LIMITS): Promise<void> {
  if (isModerator(user) || !rateLimitsOn(ctx)) return;
  const max = POST_RATE_LIMITS[kind][user.rank < 100 ? 0 : 1];
  const w = await counters(ctx).hit(`post:${kind}:${user.id}`, WINDOW_SECONDS);
  if (w.count > max) throw new AppError(429, 'error.post.rate_limited', { retry_after: Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)) });
}

/**
 * Queues a new question or answer: call inside the transaction that writes it with status pending.
 * @param post.reason why it waits (queueReason)
 */
export async function queuePost(tx: Db, post: { id: string; kind: 'question' | 'answer'; userId: string; reason: QueueReason; now: number }): Promise<void> {
  await insertReview(tx, { id: post.id, object_type: post.kind, user_id: post.userId, reason: post.reason, now: post.now });
}
