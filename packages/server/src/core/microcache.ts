/**
 * A short-lived, process-local cache for anonymous read paths (question lists, server-rendered pages).
 * Entries live TTL_MS; every content write in this process clears the whole cache. Other processes hear of it
 * through `onMicroClear`: the worker processes of one `quorum run --workers N` clear each other's at once
 * (cluster.ts), and with QUORUM_REDIS_URL every node's is cleared through Redis pub/sub (core/redis.ts), so a
 * write shows on every node within 1 s. Several nodes without Redis: another node's write shows within TTL_MS.
 * Bounded to MAX_ENTRIES (oldest entry evicted first).
 */
const TTL_MS = 2000;
const MAX_ENTRIES = 1000;

const store = new Map<string, { at: number; value: unknown }>();
/** Lookups of this process since start (benchmarks print the hit rate). */
const stats = { hits: 0, misses: 0 };

/** A cached value younger than the TTL, or undefined. */
export function microGet<T>(key: string): T | undefined {
  const hit = store.get(key);
  if (!hit) {
    stats.misses++;
    return undefined;
  }
  if (Date.now() - hit.at > TTL_MS) {
    store.delete(key);
    stats.misses++;
    return undefined;
  }
  stats.hits++;
  return hit.value as T;
}

/** Hits and misses of `microGet` in this process since it started: `{hits, misses}`, a copy. */
export function microStats(): { hits: number; misses: number } {
  return { ...stats };
}

/** Stores a value under `key`. */
export function microSet(key: string, value: unknown): void {
  if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.set(key, { at: Date.now(), value });
}

const clearListeners = new Set<(relayed: boolean) => void>();

/**
 * Drops every entry and tells the `onMicroClear` listeners.
 * @param relayed true when the clear came from another process (worker or node): listeners pass on only this
 *   process's own clears, so a clear never travels back and forth between two relays
 */
export function microClear(relayed = false): void {
  store.clear();
  for (const fn of clearListeners) fn(relayed);
}

/**
 * Calls `fn` after every `microClear` of this process (cluster.ts passes it on to the sibling worker processes,
 * core/redis.ts to the other nodes).
 * @returns the function that removes the listener
 */
export function onMicroClear(fn: (relayed: boolean) => void): () => void {
  clearListeners.add(fn);
  return () => clearListeners.delete(fn);
}
