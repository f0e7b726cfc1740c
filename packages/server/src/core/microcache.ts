/**
 * A short-lived, process-local cache for anonymous read paths (question lists, server-rendered pages).
 * Entries live TTL_MS; it is registered with the coherence registry (core/coherence.ts) as "micro": every content
 * write (`microClear`, or a write to a content table) clears it here at once and in the sibling worker processes
 * and, with QUORUM_REDIS_URL, every node within milliseconds. Several nodes without Redis: another node's write
 * shows within TTL_MS. Bounded to MAX_ENTRIES (oldest entry evicted first).
 */
import { CONTENT, CONTENT_TABLES, invalidate, registerCache } from './coherence.js';

const TTL_MS = 2000;
const MAX_ENTRIES = 1000;

const store = new Map<string, { at: number; value: unknown }>();
/** Clears so far, and the count when each key last missed: a value computed before a clear is not stored. */
let clears = 0;
const missedAt = new Map<string, number>();
/** Lookups of this process since start (benchmarks print the hit rate). */
const stats = { hits: 0, misses: 0 };

/** A cached value younger than the TTL, or undefined. */
export function microGet<T>(key: string): T | undefined {
  const hit = store.get(key);
  if (!hit || Date.now() - hit.at > TTL_MS) {
    if (hit) store.delete(key);
    if (missedAt.size >= 2 * MAX_ENTRIES) missedAt.delete(missedAt.keys().next().value!);
    missedAt.set(key, clears);
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

/**
 * Stores a value under `key`, unless the cache was cleared since `microGet` missed it (the value may predate the
 * write that cleared it).
 */
export function microSet(key: string, value: unknown): void {
  const missed = missedAt.get(key);
  missedAt.delete(key);
  if (missed !== undefined && missed !== clears) return;
  if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.set(key, { at: Date.now(), value });
}

/**
 * Drops every entry here and, through the coherence registry (core/coherence.ts), the caches of content in every
 * process: the sibling workers and, with QUORUM_REDIS_URL, every node (a content write).
 */
export function microClear(): void {
  invalidate([CONTENT]);
}

registerCache('micro', { reads: [CONTENT, ...CONTENT_TABLES], windowMs: TTL_MS, what: 'anonymous question lists and API bodies' }, () => {
  store.clear();
  clears++;
});
