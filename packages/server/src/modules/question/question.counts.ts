/**
 * Cache of question-list counts (`count` of GET /question/page and the server-rendered lists). Counting the
 * visible questions reads an index entry per question (a full index scan at every list request: 4 ms at 20k
 * questions on SQLite, 25 ms before migration 016; docs/BENCHMARKS.md "Real traffic"), so a count is kept per
 * list filter until the next content write: it is dropped with the micro-cache (core/microcache.ts), which every
 * question or answer write clears in this process, in the sibling worker processes and, with Redis, on every
 * node. Writes that change questions without clearing the micro-cache (deleting a member together with their
 * posts) show within MAX_AGE_MS. Filters with a time bound (`since`) or an id list are not cached.
 */
import type { Db } from '../../core/db/index.js';
import { onMicroClear } from '../../core/microcache.js';

/** Longest a count is kept without a write clearing it. */
export const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 500;

/** Per database handle (tests run several sites in one process): filter key -> count and when it was taken. */
let counts = new WeakMap<Db, Map<string, { at: number; n: number }>>();
/** Clears seen so far: a count computed across a clear is not stored (it may predate the write). */
let clears = 0;
onMicroClear(() => {
  counts = new WeakMap();
  clears++;
});

/**
 * The count of the list filter `key` (a stable text of the filter) on `db`, from the cache or from `compute`.
 * @param key null bypasses the cache
 */
export async function cachedCount(db: Db, key: string | null, compute: () => Promise<number>): Promise<number> {
  if (key === null) return compute();
  const hit = counts.get(db)?.get(key);
  if (hit && Date.now() - hit.at <= MAX_AGE_MS) return hit.n;
  const generation = clears;
  const n = await compute();
  if (generation === clears) {
    let mine = counts.get(db);
    if (!mine) counts.set(db, (mine = new Map()));
    if (mine.size >= MAX_ENTRIES) mine.delete(mine.keys().next().value!);
    mine.set(key, { at: Date.now(), n });
  }
  return n;
}
