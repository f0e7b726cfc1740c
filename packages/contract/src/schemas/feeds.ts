/**
 * Query of the site's RSS 2.0 and Atom feeds (GET /feeds, /feeds/tags/:tagName, /feeds/questions/:qid,
 * /feeds/users/:username, /feeds/search): Quorum's, not in Apache Answer.
 */
import { z } from 'zod';

/** Formats a feed is served in: Atom 1.0 (the default, as Stack Exchange's feeds) or RSS 2.0. */
export const FEED_FORMATS = ['atom', 'rss'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Question orders a list feed follows (the question list's orders that make sense to subscribe to). */
export const FEED_ORDERS = ['newest', 'active', 'unanswered'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

/** Entries in a feed at most (Stack Exchange's feeds carry 30). */
export const FEED_SIZE = 30;

export const FeedQuery = z.object({
  format: z.enum(FEED_FORMATS, { error: 'error.form.is_invalid' }).default('atom'),
  order: z.enum(FEED_ORDERS, { error: 'error.form.is_invalid' }).default('newest'),
  q: z.string().trim().max(512, 'error.form.is_invalid').optional().default(''),
});
export type FeedQuery = z.infer<typeof FeedQuery>;
