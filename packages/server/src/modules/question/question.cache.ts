/**
 * Short-lived cache of anonymous question-list pages and counts, dropped on every question or answer write in
 * this process. Another node's writes show within TTL_MS. Keeps the busiest public call off the database.
 */
const TTL_MS = 2000;
const MAX_ENTRIES = 500;

const store = new Map<string, { at: number; value: unknown }>();

/** A cached value younger than the TTL, or undefined. */
export function cacheGet<T>(key: string): T | undefined {
  const hit = store.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > TTL_MS) {
    store.delete(key);
    return undefined;
  }
  return hit.value as T;
}

/** Stores a value; the oldest entry goes when the cache is full. */
export function cacheSet(key: string, value: unknown): void {
  if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.set(key, { at: Date.now(), value });
}

/** Drops everything (after a write). */
export function cacheClear(): void {
  store.clear();
}
