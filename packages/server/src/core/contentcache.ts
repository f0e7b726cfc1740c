/**
 * Values derived from the site's content, kept until the next content write: each cache registers with the
 * coherence registry (core/coherence.ts) under its name, cleared by the CONTENT topic (every question, answer and
 * vote write) and by writes to the tables it names, in this process, in the sibling worker processes and, with
 * QUORUM_REDIS_URL, on every node. Without a relay (several nodes without Redis) another node's write shows
 * within the cache's maximum age.
 *
 * Kept per database handle (tests run several sites in one process). A value computed while a clear happened is
 * not stored: it may predate the write.
 */
import type { Db } from './db/index.js';
import { CONTENT, registerCache } from './coherence.js';
import { SecondChance } from './secondchance.js';

/**
 * A value kept, when it was computed (ms since the epoch), its weight (see `Bound`) and whether it was read since
 * the eviction cursor last passed it (core/secondchance.ts).
 */
interface Entry<T> {
  at: number;
  value: T;
  weight: number;
  read: boolean;
}

/** The values kept for one database handle, their weights summed, and their eviction cursor. */
interface Store<T> {
  map: Map<string, Entry<T>>;
  weight: number;
  eviction: SecondChance<string, Entry<T>>;
}

/**
 * A bound on the memory of the values kept per database handle, for values whose size varies a lot (pages of
 * answers with their bodies): values are dropped while the weights kept would sum to more than `max`.
 */
export interface Bound<T> {
  /** Approximate heap bytes of a value. */
  weigh: (value: T) => number;
  /** Most bytes kept per database handle. */
  max: number;
}

/** A cache of values of type T by text key, per database handle (see the file header). */
export class ContentCache<T> {
  private values = new WeakMap<Db, Store<T>>();
  private clears = 0;

  /**
   * @param name its name in the coherence registry (unique; core/coherence.ts)
   * @param reads the tables its values are read from: a write to any of them, anywhere, clears it (the CONTENT
   *   topic always does)
   * @param maxAgeMs longest a value is kept without a write clearing it
   * @param maxEntries values kept per database handle; the eviction (core/secondchance.ts) drops values not read
   *   lately first
   * @param bound optional bound on their memory as well (see `Bound`)
   */
  constructor(
    name: string,
    reads: readonly string[],
    private readonly maxAgeMs: number,
    private readonly maxEntries: number,
    private readonly bound?: Bound<T>,
  ) {
    registerCache(name, { reads: [CONTENT, ...reads], windowMs: maxAgeMs, what: `content values (${name})` }, () => this.clear());
  }

  /**
   * The value of `key` on `db`, from the cache or from `compute`.
   * @param key a stable text of what the value depends on; null bypasses the cache
   */
  async get(db: Db, key: string | null, compute: () => Promise<T>): Promise<T> {
    if (key === null) return compute();
    const mine = this.values.get(db);
    const hit = mine?.map.get(key);
    if (hit) {
      if (Date.now() - hit.at <= this.maxAgeMs) {
        hit.read = true;
        return hit.value;
      }
      this.drop(mine!, key);
    }
    const generation = this.clears;
    const value = await compute();
    if (generation === this.clears) {
      let current = this.values.get(db);
      if (!current) {
        const map = new Map<string, Entry<T>>();
        this.values.set(db, (current = { map, weight: 0, eviction: new SecondChance(map) }));
      }
      this.drop(current, key);
      const weight = this.bound ? this.bound.weigh(value) : 0;
      if (this.bound && weight > this.bound.max) return value;
      // Room first, so the new value is not the one evicted.
      while (current.map.size && (current.map.size >= this.maxEntries || (this.bound && current.weight + weight > this.bound.max))) this.evictOne(current);
      current.map.set(key, { at: Date.now(), value, weight, read: false });
      current.weight += weight;
    }
    return value;
  }

  /** Drops the value the eviction picks (core/secondchance.ts). */
  private evictOne(store: Store<T>): void {
    const key = store.eviction.victim();
    if (key !== undefined) this.drop(store, key);
  }

  private drop(store: Store<T>, key: string): void {
    const e = store.map.get(key);
    if (!e) return;
    store.map.delete(key);
    store.weight -= e.weight;
  }

  /** Values kept on `db` and their weights summed (for tests and measurements). */
  size(db: Db): { entries: number; weight: number } {
    const store = this.values.get(db);
    return { entries: store?.map.size ?? 0, weight: store?.weight ?? 0 };
  }

  /**
   * Drops the value of `key` on `db`, if kept. Like clear(), it keeps values being computed meanwhile from being
   * stored: they may have been read before the write that made this one stale.
   */
  delete(db: Db, key: string): void {
    const store = this.values.get(db);
    if (store) this.drop(store, key);
    this.clears++;
  }

  /** Drops every value (a content write). */
  clear(): void {
    this.values = new WeakMap();
    this.clears++;
  }
}
