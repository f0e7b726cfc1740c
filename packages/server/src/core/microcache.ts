/**
 * A short-lived, process-local cache for anonymous read paths (question lists, server-rendered pages).
 * Entries live TTL_MS; every content write in this process clears the whole cache. With several app nodes,
 * another node's write shows within TTL_MS. Bounded to MAX_ENTRIES (oldest entry evicted first).
 */
const TTL_MS = 2000;
const MAX_ENTRIES = 1000;

const store = new Map<string, { at: number; value: unknown }>();

/** A cached value younger than the TTL, or undefined. */
export function microGet<T>(key: string): T | undefined {
  const hit = store.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > TTL_MS) {
    store.delete(key);
    return undefined;
  }
  return hit.value as T;
}

/** Stores a value under `key`. */
export function microSet(key: string, value: unknown): void {
  if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.set(key, { at: Date.now(), value });
}

/** Drops every entry (after a write). */
export function microClear(): void {
  store.clear();
}
