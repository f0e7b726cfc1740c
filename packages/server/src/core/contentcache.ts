/**
 * Values derived from the site's content, kept until the next content write: dropped with the micro-cache
 * (core/microcache.ts `onMicroClear`), which every question, answer and vote write clears in this process, in the
 * sibling worker processes and, with QUORUM_REDIS_URL, on every node. Writes that change content without clearing
 * it (a member deleted together with their posts) show within the cache's maximum age.
 *
 * Kept per database handle (tests run several sites in one process). A value computed while a clear happened is
 * not stored: it may predate the write.
 */
import type { Db } from './db/index.js';
import { onMicroClear } from './microcache.js';

/** Every cache made here, so one listener drops them all. */
const caches = new Set<ContentCache<unknown>>();
onMicroClear(() => {
  for (const cache of caches) cache.clear();
});

/** A cache of values of type T by text key, per database handle (see the file header). */
export class ContentCache<T> {
  private values = new WeakMap<Db, Map<string, { at: number; value: T }>>();
  private clears = 0;

  /**
   * @param maxAgeMs longest a value is kept without a write clearing it
   * @param maxEntries values kept per database handle, the least recently read dropped first
   */
  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries: number,
  ) {
    caches.add(this as ContentCache<unknown>);
  }

  /**
   * The value of `key` on `db`, from the cache or from `compute`.
   * @param key a stable text of what the value depends on; null bypasses the cache
   */
  async get(db: Db, key: string | null, compute: () => Promise<T>): Promise<T> {
    if (key === null) return compute();
    const mine = this.values.get(db);
    const hit = mine?.get(key);
    if (hit) {
      // Most recently used last (a Map keeps insertion order; eviction takes the first key): a value read again
      // and again stays however many others pass through, where dropping the oldest inserted evicted even the most
      // read values every few seconds under a long tail of misses (docs/BENCHMARKS.md "Seventh round").
      mine!.delete(key);
      if (Date.now() - hit.at <= this.maxAgeMs) {
        mine!.set(key, hit);
        return hit.value;
      }
    }
    const generation = this.clears;
    const value = await compute();
    if (generation === this.clears) {
      let current = this.values.get(db);
      if (!current) this.values.set(db, (current = new Map()));
      current.delete(key);
      if (current.size >= this.maxEntries) current.delete(current.keys().next().value!);
      current.set(key, { at: Date.now(), value });
    }
    return value;
  }

  /**
   * Drops the value of `key` on `db`, if kept. Like clear(), it keeps values being computed meanwhile from being
   * stored: they may have been read before the write that made this one stale.
   */
  delete(db: Db, key: string): void {
    this.values.get(db)?.delete(key);
    this.clears++;
  }

  /** Drops every value (a content write). */
  clear(): void {
    this.values = new WeakMap();
    this.clears++;
  }
}
