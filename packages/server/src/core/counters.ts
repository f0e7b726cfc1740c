/**
 * Counters of the site's limits (request rate limits, the account limits and failed-login counters of
 * modules/user/throttle.ts), counted once for the whole site whatever the topology, so a limit means what it says:
 *   - with QUORUM_REDIS_URL: in Redis, shared by every node and worker (`RedisCounters`);
 *   - else with QUORUM_NODES > 1: in the database's `counters` table, shared by every node (`DatabaseCounters`,
 *     migration 025);
 *   - else in a worker of `quorum run --workers N`: by the cluster primary over IPC, shared by the node's workers
 *     (`ClusterCounters`, cluster.counters.ts);
 *   - else in this process's memory (`MemoryCounters`).
 * The kind is chosen once per app from the environment (`counterKind`), when it first counts. A shared store that
 * fails (Redis down, the database refusing, the primary not answering within PRIMARY_TIMEOUT_MS) is not waited
 * for again: the call counts in this process instead and a warning is logged (once a minute at most; once for the
 * primary), so a limit is briefly per process rather than a request hanging.
 *
 * Windows are fixed and start at a key's first hit (cluster.counters.ts `WindowCounts`; @fastify/rate-limit's own
 * stores count the same way): a key counts the hits of `windowSeconds` from the hit that opened its window, then
 * starts again. One record per key in every implementation; each hit is one atomic increment (Redis INCR, one
 * UPDATE on the key's row, one message to the single-threaded primary), so concurrent hits get distinct counts.
 */
import { createHash } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppContext } from './context.js';
import type { Db } from './db/index.js';
import { deleteCounterRow, findCounterRow, hitRow, sweepCounters } from './db/counters.repository.js';
import { startPeriodic } from './periodic.js';
import { sharedRedis, sitePrefix } from './redis.js';
import { COUNT, WindowCounts, isCountReply, type CountRequest, type WindowCount } from '../cluster.counters.js';

export type { WindowCount } from '../cluster.counters.js';

/** Where the counting happens (see the file header). */
export type CounterKind = 'memory' | 'cluster' | 'database' | 'redis';

/** The counters of one app: every implementation answers alike. */
export interface Counters {
  readonly kind: CounterKind;
  /**
   * Records one hit of `key`.
   * @param windowSeconds length of the window a first hit opens (seconds; fractions allowed)
   * @returns the hits in the key's current window including this one (1 for a first hit) and when the window
   *   ends (ms since the epoch)
   */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The key's current window without a hit; `{count: 0, resetAt: 0}` when it has none. */
  peek(key: string): Promise<WindowCount>;
  /** Forgets the key's window (e.g. failed logins after a success). */
  clear(key: string): Promise<void>;
  /** Releases what the implementation holds (listeners); called when the app closes. */
  close?(): void;
}

/** How long a worker waits for the cluster primary's answer before counting by itself (ms). */
export const PRIMARY_TIMEOUT_MS = 2000;
/** After the primary missed an answer, how long a worker counts by itself before asking again (ms). */
const LOCAL_SPELL_MS = 30_000;

const msOf = (windowSeconds: number) => Math.max(1, Math.round(windowSeconds * 1000));

/**
 * The kind of counters for this process's environment (see the file header).
 * @param isWorker whether this process is a worker of `quorum run --workers N` (node:cluster)
 */
export function counterKind(env: NodeJS.ProcessEnv = process.env, isWorker = cluster.isWorker): CounterKind {
  if (env.QUORUM_REDIS_URL) return 'redis';
  if (Number(env.QUORUM_NODES || 1) > 1) return 'database';
  return isWorker ? 'cluster' : 'memory';
}

/** Counters in this process's memory (one app; tests building several apps in one process get one each). */
export class MemoryCounters implements Counters {
  readonly kind: CounterKind = 'memory';
  private readonly counts = new WindowCounts();
  private sweptAt = Date.now();

  /** Synchronous hit, for the other implementations' fallbacks. */
  hitNow(key: string, windowSeconds: number): WindowCount {
    const now = Date.now();
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      this.counts.sweep(now);
    }
    return this.counts.hit(key, msOf(windowSeconds), now);
  }
  /** Synchronous peek. */
  peekNow(key: string): WindowCount {
    return this.counts.peek(key);
  }
  hit(key: string, windowSeconds: number): Promise<WindowCount> {
    return Promise.resolve(this.hitNow(key, windowSeconds));
  }
  peek(key: string): Promise<WindowCount> {
    return Promise.resolve(this.peekNow(key));
  }
  clear(key: string): Promise<void> {
    this.counts.clear(key);
    return Promise.resolve();
  }
}

/** The IPC channel to the cluster primary, as ClusterCounters uses it (a seam for tests). */
export interface PrimaryChannel {
  /** Whether messages can be sent now. */
  connected(): boolean;
  /** Sends a request; `failed` is called if it could not be sent. */
  send(msg: CountRequest, failed: (err: Error) => void): void;
  /** Calls `fn` with every message from the primary; returns the unsubscribe. */
  listen(fn: (msg: unknown) => void): () => void;
}

/** This worker process's IPC channel (node:cluster). */
const processChannel: PrimaryChannel = {
  connected: () => process.connected && typeof process.send === 'function',
  send: (msg, failed) => {
    process.send!(msg, undefined, undefined, (err: Error | null) => {
      if (err) failed(err);
    });
  },
  listen: (fn) => {
    process.on('message', fn);
    return () => process.off('message', fn);
  },
};

/**
 * Counters kept by the cluster primary (cluster.counters.ts), shared by the node's workers. A request the primary
 * does not answer within `timeoutMs` is counted in this worker instead, as are the requests of the next
 * LOCAL_SPELL_MS; the first such fallback is logged.
 */
export class ClusterCounters implements Counters {
  readonly kind: CounterKind = 'cluster';
  private seq = 0;
  private readonly pending = new Map<number, (w: WindowCount) => void>();
  private localUntil = 0;
  private warned = false;
  private readonly unlisten: () => void;

  constructor(
    private readonly local: MemoryCounters,
    private readonly warn: (msg: string) => void,
    private readonly channel: PrimaryChannel = processChannel,
    private readonly timeoutMs = PRIMARY_TIMEOUT_MS,
  ) {
    this.unlisten = channel.listen((m) => {
      if (!isCountReply(m)) return;
      const done = this.pending.get(m.id);
      this.pending.delete(m.id);
      done?.({ count: m.count, resetAt: m.resetAt });
    });
  }

  private ask(op: CountRequest['op'], key: string, ms: number, locally: () => WindowCount): Promise<WindowCount> {
    if (Date.now() < this.localUntil || !this.channel.connected()) return Promise.resolve(locally());
    return new Promise((resolve) => {
      const id = ++this.seq;
      const giveUp = (why: string) => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        this.localUntil = Date.now() + LOCAL_SPELL_MS;
        if (!this.warned) {
          this.warned = true;
          this.warn(`${why}: this worker counts rate limits and failed logins by itself for ${LOCAL_SPELL_MS / 1000} s at a time until the primary answers again`);
        }
        resolve(locally());
      };
      const timer = setTimeout(() => giveUp(`the cluster primary did not answer a count within ${this.timeoutMs} ms`), this.timeoutMs);
      timer.unref?.();
      this.pending.set(id, (w) => {
        clearTimeout(timer);
        resolve(w);
      });
      this.channel.send({ type: COUNT, id, op, key, ms }, (err) => giveUp(`sending a count to the cluster primary failed (${err.message})`));
    });
  }

  hit(key: string, windowSeconds: number): Promise<WindowCount> {
    return this.ask('hit', key, msOf(windowSeconds), () => this.local.hitNow(key, windowSeconds));
  }
  peek(key: string): Promise<WindowCount> {
    return this.ask('peek', key, 0, () => this.local.peekNow(key));
  }
  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    await this.ask('clear', key, 0, () => ({ count: 0, resetAt: 0 }));
  }
  close(): void {
    this.unlisten();
  }
}

/** Logs a fallback warning at most once a minute. */
function throttledWarn(warn: (msg: string) => void): (msg: string) => void {
  let at = 0;
  return (msg) => {
    if (Date.now() - at < 60_000) return;
    at = Date.now();
    warn(msg);
  };
}

/** A key as a row name: keys longer than the column's 191 characters are hashed. */
function rowName(key: string): string {
  return key.length <= 180 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Counters in the database's `counters` table, shared by every node of the site. A hit is one UPDATE that
 * increments the key's row or restarts its ended window, read back atomically (`bumpRow`), or, for a key without a
 * row, an INSERT (a concurrent insert of the same key loses on the primary key and goes round again). Before the site is installed, and while the database refuses, it
 * counts on the node (`local`: the primary, or this process).
 */
export class DatabaseCounters implements Counters {
  readonly kind: CounterKind = 'database';
  private readonly fallback: (msg: string) => void;
  private sweeping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly local: Counters,
  ) {
    this.fallback = throttledWarn((msg) => ctx.log.warn(msg));
  }

  private db(): Db | null {
    const db = this.ctx.database;
    if (db && !this.sweeping) {
      this.sweeping = true;
      // Ended windows are deleted every 10 minutes by each node (an indexed range delete; nodes may overlap).
      startPeriodic(this.ctx, 10 * 60_000, 'deleting ended counter windows failed', () => sweepCounters(db));
    }
    return db;
  }

  private failed(err: unknown): void {
    this.fallback(`counting in the database failed (${(err as Error).message}): rate limits and failed logins count on this node for now`);
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const db = this.db();
    if (!db) return this.local.hit(key, windowSeconds);
    try {
      return await hitRow(db, rowName(key), msOf(windowSeconds));
    } catch (err) {
      this.failed(err);
      return this.local.hit(key, windowSeconds);
    }
  }

  async peek(key: string): Promise<WindowCount> {
    const db = this.db();
    if (!db) return this.local.peek(key);
    try {
      const row = await findCounterRow(db, rowName(key));
      const resetAt = Number(row?.reset_at ?? 0);
      return row && resetAt > Date.now() ? { count: Number(row.hits), resetAt } : { count: 0, resetAt: 0 };
    } catch (err) {
      this.failed(err);
      return this.local.peek(key);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    const db = this.db();
    if (!db) return;
    try {
      await deleteCounterRow(db, rowName(key));
    } catch (err) {
      this.failed(err);
    }
  }

  close(): void {
    this.local.close?.();
  }
}

/** One hit in Redis: INCR, and the window's expiry set by the hit that opened it (or repaired when missing). */
const REDIS_HIT = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/**
 * Counters in Redis, one key per counter (`<site prefix>count:<key>`, core/redis.ts `sitePrefix`) that expires when
 * its window ends. While Redis fails, `local` counts (the node's tier: the primary, or this process).
 */
export class RedisCounters implements Counters {
  readonly kind: CounterKind = 'redis';
  private readonly fallback: (msg: string) => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly local: Counters,
  ) {
    this.fallback = throttledWarn((msg) => ctx.log.warn(msg));
  }

  private key(k: string): string {
    return `${sitePrefix(this.ctx)}count:${k}`;
  }

  private failed(err: unknown): void {
    this.fallback(`Redis unreachable (${(err as Error).message}): rate limits and failed logins count on this node only`);
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    try {
      const redis = sharedRedis(this.ctx);
      if (!redis) throw new Error('QUORUM_REDIS_URL is not set');
      const [n, ttl] = (await redis.eval(REDIS_HIT, 1, this.key(key), msOf(windowSeconds))) as [number, number];
      return { count: Number(n), resetAt: Date.now() + Number(ttl) };
    } catch (err) {
      this.failed(err);
      return this.local.hit(key, windowSeconds);
    }
  }

  async peek(key: string): Promise<WindowCount> {
    try {
      const redis = sharedRedis(this.ctx);
      if (!redis) throw new Error('QUORUM_REDIS_URL is not set');
      const k = this.key(key);
      const res = await redis.multi().get(k).pttl(k).exec();
      const [[e1, n], [e2, ttl]] = (res ?? [[new Error('no reply'), null], [null, 0]]) as Array<[Error | null, unknown]> as [[Error | null, unknown], [Error | null, unknown]];
      if (e1 || e2) throw e1 ?? e2;
      return n === null || Number(ttl) <= 0 ? { count: 0, resetAt: 0 } : { count: Number(n), resetAt: Date.now() + Number(ttl) };
    } catch (err) {
      this.failed(err);
      return this.local.peek(key);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await sharedRedis(this.ctx)?.del(this.key(key));
    } catch (err) {
      this.failed(err);
    }
  }

  close(): void {
    this.local.close?.();
  }
}

const instances = new WeakMap<AppContext, Counters>();

/**
 * The counters of this app, created at the first call with the kind of `counterKind()` and closed with the app.
 */
export function counters(ctx: AppContext): Counters {
  let c = instances.get(ctx);
  if (!c) {
    const kind = counterKind();
    const local = new MemoryCounters();
    const warn = (msg: string) => ctx.log.warn(msg);
    const node: Counters = cluster.isWorker ? new ClusterCounters(local, warn) : local;
    c = kind === 'redis' ? new RedisCounters(ctx, node) : kind === 'database' ? new DatabaseCounters(ctx, node) : kind === 'cluster' ? node : local;
    instances.set(ctx, c);
    const made = c;
    ctx.onClose.push(() => {
      instances.delete(ctx);
      made.close?.();
    });
  }
  return c;
}

/** What @fastify/rate-limit passes to a store's `child`: the merged limit options and the route. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store's answer to @fastify/rate-limit: hits in the window and milliseconds until it ends. */
type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store (its `store` option) counting in `counters(ctx)`. Each route's limit gets a child
 * store keyed on the route the router matched (`METHOD url-pattern`, `req.routeOptions.url`), never the request's
 * URL text; the plugin's key (the client address) completes the counter's key. Windows as in the file header;
 * `continueExceeding` and `exponentialBackoff` are not supported (not used here).
 */
export function rateLimitStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  class CountersStore {
    constructor(
      _options: unknown,
      private readonly route = '*',
    ) {}

    /** Counts a request of `key` (the client address) in a window of `timeWindow` ms. */
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      counters(ctx)
        .hit(`route:${this.route}:${key}`, timeWindow / 1000)
        .then((w) => cb(null, { current: w.count, ttl: Math.max(0, w.resetAt - Date.now()) }), (err: Error) => cb(err));
    }

    /** Reads the count of `key` without a hit. */
    read(key: string, cb: StoreCallback): void {
      counters(ctx)
        .peek(`route:${this.route}:${key}`)
        .then((w) => cb(null, { current: w.count, ttl: Math.max(0, w.resetAt - Date.now()) }), (err: Error) => cb(err));
    }

    /** The store of one route's limit. */
    child(options: object): CountersStore {
      // The plugin's types name the route options; what it passes is the merged limit options with `routeInfo`.
      const routeOptions = options as RouteLimitOptions;
      const method = routeOptions.routeInfo?.method;
      return new CountersStore(undefined, `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeOptions.routeInfo?.url ?? ''}`);
    }
  }
  return CountersStore;
}
