/**
 * The counting service of the cluster primary (`quorum run --workers N`, cluster.ts): the one place the workers of
 * a node count rate limits and failed logins without Redis, so a limit of 10 an hour means 10 an hour for the node,
 * not 10 for each worker. Workers ask over the cluster's IPC channel (core/counters.ts, `ClusterCounters`); the
 * primary keeps the windows in memory and answers each request with the count.
 *
 * This file imports node built-ins only: the primary loads no application code. The window arithmetic
 * (`WindowCounts`) is shared with the workers' in-memory counters, so every implementation counts alike.
 *
 * Windows are fixed and start at a key's first hit (as @fastify/rate-limit's own stores do): a key counts hits
 * until `windowMs` after the hit that opened its window, then starts again at 1. One entry per key, whatever the
 * number of hits.
 */
import cluster, { type Worker } from 'node:cluster';

/** Message type of counting requests and replies on the IPC channel (relay messages have another type). */
export const COUNT = 'quorum:count';

/** What a worker asks: record a hit, read the count, or forget a key. */
export interface CountRequest {
  type: typeof COUNT;
  /** The worker's sequence number of the request, echoed in the reply. */
  id: number;
  op: 'hit' | 'peek' | 'clear';
  key: string;
  /** Window length in milliseconds (`hit` only). */
  ms: number;
}

/** The count of a key: hits in its current window and when that window ends (ms since the epoch; 0 when none). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** The primary's answer to a CountRequest. */
export interface CountReply extends WindowCount {
  type: typeof COUNT;
  id: number;
}

/** True for counting requests. */
export function isCountRequest(m: unknown): m is CountRequest {
  const r = m as Partial<CountRequest> | null;
  return typeof r === 'object' && r !== null && r.type === COUNT && typeof r.id === 'number' && typeof r.key === 'string' && typeof r.op === 'string';
}

/** True for counting replies. */
export function isCountReply(m: unknown): m is CountReply {
  const r = m as Partial<CountReply> | null;
  return typeof r === 'object' && r !== null && r.type === COUNT && typeof r.id === 'number' && typeof r.count === 'number';
}

/** Keys kept at most; past this, expired windows are swept and then the oldest keys dropped. */
const MAX_KEYS = 200_000;

/** Fixed windows per key, in memory (see the file header). */
export class WindowCounts {
  private readonly windows = new Map<string, WindowCount>();

  /**
   * Records one hit of `key`.
   * @param windowMs length of a new window, milliseconds (> 0)
   * @param nowMs the time of the hit, ms since the epoch
   * @returns the hits in the key's window including this one, and when the window ends
   */
  hit(key: string, windowMs: number, nowMs = Date.now()): WindowCount {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= nowMs) {
      if (w) this.windows.delete(key);
      w = { count: 0, resetAt: nowMs + Math.max(1, windowMs) };
      this.windows.set(key, w);
      if (this.windows.size > MAX_KEYS) this.trim(nowMs);
    }
    w.count++;
    return { ...w };
  }

  /** The key's current window, without a hit: `{count: 0, resetAt: 0}` when it has none. */
  peek(key: string, nowMs = Date.now()): WindowCount {
    const w = this.windows.get(key);
    return w && w.resetAt > nowMs ? { ...w } : { count: 0, resetAt: 0 };
  }

  /** Forgets the key's window. */
  clear(key: string): void {
    this.windows.delete(key);
  }

  /** Removes windows that ended before `nowMs`. */
  sweep(nowMs = Date.now()): void {
    for (const [k, w] of this.windows) if (w.resetAt <= nowMs) this.windows.delete(k);
  }

  /** Number of keys held. */
  get size(): number {
    return this.windows.size;
  }

  /** Over MAX_KEYS: expired windows go, then the oldest keys (a flood of new addresses must not exhaust memory). */
  private trim(nowMs: number): void {
    this.sweep(nowMs);
    for (const k of this.windows.keys()) {
      if (this.windows.size <= MAX_KEYS) break;
      this.windows.delete(k);
    }
  }
}

/**
 * Answers one counting request from `counts`.
 * @returns the reply to send back to the worker that asked
 */
export function answerCount(counts: WindowCounts, req: CountRequest, nowMs = Date.now()): CountReply {
  let w: WindowCount = { count: 0, resetAt: 0 };
  if (req.op === 'hit') w = counts.hit(req.key, req.ms, nowMs);
  else if (req.op === 'peek') w = counts.peek(req.key, nowMs);
  else counts.clear(req.key);
  return { type: COUNT, id: req.id, ...w };
}

/**
 * Starts the primary's counting service: answers the workers' CountRequests over IPC (see the file header) and
 * sweeps ended windows every minute. Call once in the primary, before forking the workers.
 */
export function serveCounters(): void {
  const counts = new WindowCounts();
  cluster.on('message', (worker: Worker, msg: unknown) => {
    if (!isCountRequest(msg) || !worker.isConnected()) return;
    // A reply that cannot be delivered (the worker just exited) is dropped: the worker, if alive, counts by itself.
    worker.send(answerCount(counts, msg), undefined, () => undefined);
  });
  setInterval(() => counts.sweep(), 60_000).unref();
}
