/**
 * State shared by several app nodes through Redis (`QUORUM_REDIS_URL`, client ioredis). When configured, Redis holds:
 *   - the site's counters (core/counters.ts): request rate limits (app.ts) and the account throttle's counters
 *     (failed logins, login / registration / reset / e-mail limits: modules/user/throttle.ts);
 *   - cache invalidation over pub/sub (core/coherence.ts): the tables and topics a process wrote clear the caches
 *     that read them on every node, before the writer's response (the stated window for others is 1 s);
 *   - live events (core/events.ts connects its own two connections).
 * Without Redis a single node works as before. Several nodes without Redis (QUORUM_NODES > 1, see
 * warnIfPerNode) still share everything kept in the database (sessions, content, settings, the outbox, and the
 * limits' counters: core/counters.ts), but see other nodes' writes only when their caches expire (micro-cache 2 s,
 * settings 5 s).
 */
import { createHash, randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { AppContext } from './context.js';
import { addRelay, applyRelayed, invalidateEverythingHere, withinAckTimeout } from './coherence.js';

interface Shared {
  /** Commands (counters, publish). */
  client: Redis;
  /** The pub/sub subscriber (a subscribed connection runs no other commands). */
  sub: Redis | null;
  ready: Promise<void>;
}

const shared = new WeakMap<AppContext, Shared>();

const requireModule = createRequire(import.meta.url);

/**
 * The ioredis client class, loaded on first use: a node without QUORUM_REDIS_URL never holds the client (~20 MB
 * per process, docs/OPERATIONS.md "Memory"). Synchronous, as the rate-limit store is set up synchronously.
 */
export function redisClient(): typeof Redis {
  return (requireModule('ioredis') as typeof import('ioredis')).Redis;
}

/** The configured Redis URL, or undefined (empty counts as unset). */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.QUORUM_REDIS_URL || undefined;
}

/**
 * Key prefix of this site in a Redis that several sites may share: `quorum:<16 hex digits>:`, a hash of the
 * database settings (engine, host, name, or the data directory for SQLite), so every node of one site agrees
 * without configuration. Read at each use: the installer connects the database after start.
 */
export function sitePrefix(ctx: AppContext): string {
  const cfg = ctx.config?.database;
  const where = cfg ? JSON.stringify([cfg.type, cfg.host ?? '', cfg.name ?? '', cfg.type === 'sqlite3' ? ctx.dataDir : '']) : ctx.dataDir;
  return `quorum:${createHash('sha256').update(where).digest('hex').slice(0, 16)}:`;
}

/**
 * The command connection of this app to Redis, created on first use and closed with the app; null without
 * QUORUM_REDIS_URL. Commands fail fast while Redis is unreachable (one retry, no offline queue beyond the
 * reconnect), so callers fall back to their per-node state instead of hanging requests.
 */
export function sharedRedis(ctx: AppContext): Redis | null {
  const url = redisUrl();
  if (!url) return null;
  let s = shared.get(ctx);
  if (!s) {
    const client = new (redisClient())(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true });
    client.on('error', (err: Error) => ctx.log.warn({ err: err.message }, 'Redis connection error'));
    s = { client, sub: null, ready: Promise.resolve() };
    shared.set(ctx, s);
    const done = s;
    ctx.onClose.push(async () => {
      shared.delete(ctx);
      await Promise.all([done.client, done.sub].filter((c): c is Redis => c !== null).map((c) => c.quit().catch(() => c.disconnect())));
    });
  }
  return s.client;
}

/** Cache invalidation channel of this site. */
const clearChannel = (ctx: AppContext) => `${sitePrefix(ctx)}cache-clear`;

/**
 * Joins this app to the cache invalidation of the other nodes (core/coherence.ts), when Redis is configured: this
 * process's invalidations are published on the site's channel as `<echo id>|<payload>`, and a send settles when
 * the message comes back to this process's own subscriber (Redis has then written it to every node's subscriber
 * connection, so a request the writer makes next reaches a node that already read it); a message from another
 * process is applied here (never published again). When the subscriber reconnects, every cache is cleared:
 * messages sent while it was away are lost. Call once per app, after the installed state is loaded.
 * @param _invalidate no longer used (the settings cache is registered with core/coherence.ts); kept for callers
 * @returns a promise that resolves when the subscription is active (at once without Redis)
 */
export function joinCacheInvalidation(ctx: AppContext, _invalidate?: () => void): Promise<void> {
  const client = sharedRedis(ctx);
  const s = shared.get(ctx);
  if (!client || !s) return Promise.resolve();
  if (s.sub) return s.ready;
  const sub = client.duplicate();
  sub.on('error', (err: Error) => ctx.log.warn({ err: err.message }, 'Redis subscriber connection error'));
  s.sub = sub;
  let sent = 0;
  const echoes = new Map<string, () => void>();
  const echoPrefix = `${randomUUID()}:`;
  const removeRelay = addRelay({
    send(payload) {
      const id = `${echoPrefix}${++sent}`;
      const echoed = new Promise<void>((resolve) => echoes.set(id, resolve));
      client.publish(clearChannel(ctx), `${id}|${payload}`).catch((err: Error) => {
        ctx.log.warn({ err: err.message }, 'publishing a cache invalidation to Redis failed');
        echoes.get(id)?.();
      });
      return withinAckTimeout(echoed).finally(() => echoes.delete(id));
    },
  });
  ctx.onClose.unshift(() => removeRelay());
  sub.on('pmessage', (_pattern: string, channel: string, message: string) => {
    if (channel !== clearChannel(ctx)) return;
    const bar = message.indexOf('|');
    const id = bar < 0 ? '' : message.slice(0, bar);
    const own = echoes.get(id);
    if (own) return own();
    applyRelayed(bar < 0 ? message : message.slice(bar + 1));
  });
  let connectedBefore = false;
  sub.on('ready', () => {
    if (connectedBefore) invalidateEverythingHere();
    connectedBefore = true;
  });
  // Every site's channel, filtered on arrival: the channel follows the database settings, which the installer
  // may connect after start.
  s.ready = sub
    .psubscribe('quorum:*:cache-clear')
    .then(() => undefined)
    .catch((err: Error) => ctx.log.warn({ err: err.message }, 'subscribing to cache invalidations failed'));
  return s.ready;
}

/**
 * Start-up warning for several nodes without Redis. A node knows there are several when the operator says so:
 * `QUORUM_NODES` (the number of nodes serving the site; docs/OPERATIONS.md) greater than 1. (`quorum run --workers N`
 * prints its own note: its worker processes relay cache invalidation to each other without Redis.)
 * @returns the warning printed, or null when none applies
 */
export function warnIfPerNode(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): string | null {
  const nodes = Number(env.QUORUM_NODES || 1);
  if (!(nodes > 1) || redisUrl(env)) return null;
  const msg =
    `QUORUM_NODES=${nodes} without QUORUM_REDIS_URL: limits are counted in the database, ` +
    `another node's writes show here only when each cache's own window ends (docs/OPERATIONS.md), and live updates reach only pages connected to the node that wrote them`;
  // Once per node: the first worker of `quorum run --workers N` (or the single process) says it.
  if (!cluster.isWorker || cluster.worker?.id === 1) ctx.log.warn(msg);
  return msg;
}
