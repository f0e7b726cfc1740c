/**
 * Question-list counts (`count` of GET /question/page and the server-rendered lists), exact for small lists and
 * kept for large ones (docs/API.md "List counts"):
 * - A count is first read bounded (`countQuestionsUpTo`: at most EXACT_COUNT_LIMIT + 1 index entries). Up to
 *   EXACT_COUNT_LIMIT it is the exact count, kept per list filter until the next content write (core/contentcache.ts),
 *   at most MAX_AGE_MS: exact after every write.
 * - Above that the full count is taken once and kept for KEPT_COUNT_MS whatever is written meanwhile: counting
 *   reads an index entry per listed question (100k questions: 90-170 ms on SQLite, question.plans.testkit.ts
 *   sites), and on a busy site every write would otherwise start another full count. Such a count is exact as of
 *   when it was taken, so it lags the site by the questions asked or removed within KEPT_COUNT_MS. Requests that
 *   miss it at the same time share one count. A tag merge (`tag_merges`) or a restore clears it.
 * Filters with a time bound (`since`) or an id list are not cached: counted exactly at each request.
 */
import type { Db } from '../../core/db/index.js';
import { registerCache } from '../../core/coherence.js';
import { ContentCache } from '../../core/contentcache.js';

/** Longest a small (exact) count is kept without a write clearing it. */
export const MAX_AGE_MS = 30_000;
/** Counts up to this are exact after every write; larger ones are kept. */
export const EXACT_COUNT_LIMIT = 10_000;
/** How long a large count is kept, writes or not (the lag stated in docs/API.md). */
export const KEPT_COUNT_MS = 60_000;

const counts = new ContentCache<number>('question-counts', ['questions', 'tags', 'tag_rel'], MAX_AGE_MS, 500);

/** Large counts per database handle: filter key -> value and when it was taken (ms since the epoch). */
let kept = new WeakMap<Db, Map<string, { at: number; value: number }>>();
/** Full counts being taken: requests that miss the same count wait for one. */
let taking = new WeakMap<Db, Map<string, Promise<number>>>();
const KEPT_MAX = 500;
registerCache('question-counts-kept', { reads: ['tag_merges'], windowMs: KEPT_COUNT_MS, what: `question-list counts above ${EXACT_COUNT_LIMIT}` }, () => {
  kept = new WeakMap();
  taking = new WeakMap();
});

/** How a list's count is read (question.repository.ts). */
export interface CountReads {
  /** The exact count (reads every listed question of the filter). */
  exact: () => Promise<number>;
  /** The count up to `cap + 1` at most. */
  upTo: (cap: number) => Promise<number>;
}

/**
 * The count of the list filter `key` (a stable text of the filter) on `db` (see the file header).
 * @param key null bypasses every cache (an exact count)
 */
export function cachedCount(db: Db, key: string | null, reads: CountReads): Promise<number> {
  if (key === null) return reads.exact();
  return counts.get(db, key, async () => {
    const hit = kept.get(db)?.get(key);
    if (hit && Date.now() - hit.at <= KEPT_COUNT_MS) return hit.value;
    const some = await reads.upTo(EXACT_COUNT_LIMIT);
    if (some <= EXACT_COUNT_LIMIT) return some;
    return takeFull(db, key, reads.exact);
  });
}

/** The full count of `key`, shared by the requests that ask meanwhile, then kept. */
function takeFull(db: Db, key: string, exact: () => Promise<number>): Promise<number> {
  let pending = taking.get(db);
  if (!pending) taking.set(db, (pending = new Map()));
  const running = pending.get(key);
  if (running) return running;
  const store = kept;
  const p = exact()
    .then((value) => {
      let mine = store.get(db);
      if (!mine) store.set(db, (mine = new Map()));
      if (mine.size >= KEPT_MAX && !mine.has(key)) mine.delete(mine.keys().next().value!);
      mine.set(key, { at: Date.now(), value });
      return value;
    })
    .finally(() => pending.delete(key));
  pending.set(key, p);
  return p;
}
