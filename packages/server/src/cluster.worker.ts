/**
 * The worker side of `quorum run --workers N` (cluster.ts): cache invalidation and live events relayed to the
 * sibling workers through the primary process.
 */
import type { FastifyInstance } from 'fastify';
import { RELAY, isRelay, type RelayMessage } from './cluster.js';
import { eventBus } from './core/events.js';
import { microClear, onMicroClear } from './core/microcache.js';
import { invalidateSettings } from './modules/siteinfo/index.js';

/** Channel of cache invalidation messages. */
const CLEAR = 'cache-clear';

/** The part of a Redis client the event bus uses, carried over the cluster's IPC channel. */
class ClusterPubSub {
  private readonly channels = new Set<string>();
  private readonly handlers: Array<(channel: string, message: string) => void> = [];
  private readonly listener = (m: unknown) => {
    if (!isRelay(m) || !this.channels.has(m.channel)) return;
    for (const fn of this.handlers) fn(m.channel, m.message);
  };

  constructor() {
    process.on('message', this.listener);
  }

  publish(channel: string, message: string): Promise<unknown> {
    if (process.connected) process.send?.({ type: RELAY, channel, message } satisfies RelayMessage);
    return Promise.resolve(1);
  }

  subscribe(channel: string): Promise<unknown> {
    this.channels.add(channel);
    return Promise.resolve(1);
  }

  on(event: string, fn: (...args: never[]) => void): this {
    if (event === 'message') this.handlers.push(fn as unknown as (channel: string, message: string) => void);
    return this;
  }

  quit(): Promise<unknown> {
    this.disconnect();
    return Promise.resolve('OK');
  }

  disconnect(): void {
    process.off('message', this.listener);
  }
}

/**
 * Connects a worker's app to its siblings (see the file header). Call once in each worker, after buildApp.
 * Live events go through Redis instead when `redisUrl` is set (live.routes.ts connects it).
 */
export function joinCluster(app: FastifyInstance, redisUrl: string | undefined): void {
  const ctx = app.quorum;
  // Only this worker's own clears are passed on; relayed ones (from a sibling, or from another node through
  // Redis, core/redis.ts) are not, so no clear circulates between the two relays.
  const unsubscribe = onMicroClear((relayed) => {
    if (!relayed && process.connected) process.send?.({ type: RELAY, channel: CLEAR, message: '' } satisfies RelayMessage);
  });
  const onMessage = (m: unknown) => {
    if (!isRelay(m) || m.channel !== CLEAR) return;
    microClear(true);
    invalidateSettings(ctx);
  };
  process.on('message', onMessage);
  ctx.onClose.push(() => {
    unsubscribe();
    process.off('message', onMessage);
  });
  if (!redisUrl) void eventBus(ctx).connectRedis('cluster', () => new ClusterPubSub());
}
