/**
 * Cache of question-list counts (`count` of GET /question/page and the server-rendered lists). Counting the
 * visible questions reads an index entry per question (a full index scan at every list request: 4 ms at 20k
 * questions on SQLite, 25 ms before migration 016; docs/BENCHMARKS.md "Real traffic"), so a count is kept per
 * list filter until the next content write (core/contentcache.ts), at most MAX_AGE_MS. Filters with a time bound
 * (`since`) or an id list are not cached.
 */
import type { Db } from '../../core/db/index.js';
import { ContentCache } from '../../core/contentcache.js';

/** Longest a count is kept without a write clearing it. */
export const MAX_AGE_MS = 30_000;

const counts = new ContentCache<number>('question-counts', ['questions', 'tags', 'tag_rel'], MAX_AGE_MS, 500);

/**
 * The count of the list filter `key` (a stable text of the filter) on `db`, from the cache or from `compute`.
 * @param key null bypasses the cache
 */
export function cachedCount(db: Db, key: string | null, compute: () => Promise<number>): Promise<number> {
  return counts.get(db, key, compute);
}
