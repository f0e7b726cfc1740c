/**
 * "Second chance" (CLOCK) eviction over a `Map`, for the caches of this server (core/contentcache.ts,
 * modules/ssr/ssr.pagecache.ts). A read only marks its entry (`read = true`); to make room, a cursor goes round the
 * keys in insertion order and picks the first entry not read since it last passed, clearing the marks of those it
 * skips. The cursor is an iterator kept from one eviction to the next, so each pass walks the map once.
 *
 * Why not exact least-recently-read order: moving a key to the back of a `Map` on every read (delete and set) cost
 * V8 more per read the larger the map, 0.33 us at 2,000 entries, 1.0 us at 5,000 and 3.2 us at 20,000 under Zipf
 * reads, where the mark costs 0.19-0.25 us at any of these sizes and keeps as many of the reads or more
 * (docs/BENCHMARKS.md "Thirteenth round").
 */

/** An entry that can be marked as read. */
export interface Marked {
  read: boolean;
}

/** The eviction cursor of one map (see the file header). */
export class SecondChance<K, V extends Marked> {
  private cursor?: IterableIterator<K>;

  /** @param map the cache's map; the caller sets and deletes its entries (new entries unmarked, at the back) */
  constructor(private readonly map: Map<K, V>) {}

  /**
   * The key to evict next (not removed: the caller removes it with its own bookkeeping), or undefined when the
   * map is empty.
   */
  victim(): K | undefined {
    for (;;) {
      let next = this.cursor?.next();
      if (!next || next.done) {
        this.cursor = this.map.keys();
        next = this.cursor.next();
        if (next.done) return undefined;
      }
      const entry = this.map.get(next.value)!;
      if (!entry.read) return next.value;
      entry.read = false;
    }
  }
}
