/**
 * What GET /comment/batch reads for a question page's posts besides the viewer's own votes: the first comments of
 * each post, the comment counts and the comments' authors and replied-to members. The same for every reader of the
 * page (only live comments of posts the reader may see are read, and the visible posts are part of the key), so it
 * is kept (core/contentcache.ts) for the next readers: the three statements were ~40% of a logged-in call's CPU
 * under Zipf traffic once popular questions had comments (docs/BENCHMARKS.md "Thirteenth round").
 *
 * The key holds the posts, the page size and this process's writes to `comments` (added, edited, deleted, voted
 * on) and `users` (names, avatars; core/db/writewatch.ts), so any of those made here shows at once. Comment writes
 * do not clear the micro-cache, so those made on other processes and nodes show within MAX_AGE_MS, 1 s: the window
 * a write made elsewhere takes to show with Redis (docs/OPERATIONS.md). Under Zipf traffic the popular questions'
 * comments are read many times a second, so a second's keep is most of the gain.
 */
import type { AppContext } from '../../core/context.js';
import { requireDb } from '../../core/context.js';
import { ContentCache } from '../../core/contentcache.js';
import { findUsersByIds, type UserRow } from '../user/index.js';
import * as repo from './comment.repository.js';

/** Longest the comments of a page are kept without a write here clearing them, in milliseconds. */
export const MAX_AGE_MS = 1_000;

/** The comments of a question page's posts, shared by every reader (rows frozen). */
export interface CommentBatchRows {
  /** The first comments of each post, grouped by post in id order, each post's in display order. */
  rows: readonly repo.CommentRow[];
  /** Live comments per post id (posts without any absent). */
  counts: ReadonlyMap<string, number>;
  /** Authors and replied-to members of the rows, by id. */
  users: ReadonlyMap<string, UserRow>;
}

/**
 * Approximate heap bytes of a kept batch: its comments' text and a fixed cost per comment and per user row (a
 * user row ~1.5 KB, as in answer.pagecache.ts).
 */
function weighBatch(b: CommentBatchRows): number {
  let n = 300 + 100 * b.counts.size + 1500 * b.users.size;
  for (const r of b.rows) n += 600 + r.original_text.length + r.parsed_text.length;
  return n;
}

/**
 * At most 5,000 pages' comments and 16 MB: with a 1 s keep, more entries would mostly hold expired ones (the bench's
 * Zipf readers miss ~3,600 pages a second at ~12,000 calls a second, 71-74% of reads kept).
 */
const batches = new ContentCache<CommentBatchRows>('comment-batches', ['comments', 'users'], MAX_AGE_MS, 5_000, { weigh: weighBatch, max: 16 * 2 ** 20 });

/**
 * The first `pageSize` comments of each of posts `visible` (ids of posts the reader may see), their counts and
 * their users, from the cache or read (see the file header).
 */
export function commentBatchRows(ctx: AppContext, visible: string[], pageSize: number): Promise<CommentBatchRows> {
  const db = requireDb(ctx);
  const key = db.writes ? `${visible.join(',')}|${pageSize}|${db.writes.generation('comments', 'users')}` : null;
  return batches.get(db, key, async () => {
    const [rows, counts] = await Promise.all([repo.firstCommentsOf(db, visible, pageSize), repo.countComments(db, visible)]);
    const users = await findUsersByIds(db, rows.flatMap((c) => [c.user_id, c.reply_user_id]));
    for (const r of rows) Object.freeze(r);
    return { rows, counts, users };
  });
}
