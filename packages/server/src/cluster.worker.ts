/**
 * The worker side of `quorum run --workers N` (cluster.ts): cache invalidation (core/coherence.ts, acknowledged by
 * every sibling) and live events relayed to the sibling workers through the primary process.
 */
import type { FastifyInstance } from 'fastify';
import { RELAY, RELAY_ACK, isAck, isRelay, type AckMessage, type RelayMessage } from './cluster.js';
import { addRelay, applyRelayed, withinAckTimeout } from './core/coherence.js';
import { eventBus } from './core/events.js';

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
  // This worker's invalidations go to every sibling, each acknowledging once applied; relayed ones (from a
  // sibling, or from another node through Redis, core/redis.ts) are applied and not passed on, so none circulates.
  let sent = 0;
  const waiting = new Map<number, () => void>();
  const removeRelay = addRelay({
    send(payload) {
      if (!process.connected || !process.send) return Promise.resolve();
      const ack = ++sent;
      const acked = new Promise<void>((resolve) => waiting.set(ack, resolve));
      process.send({ type: RELAY, channel: CLEAR, message: payload, ack } satisfies RelayMessage);
      return withinAckTimeout(acked).finally(() => waiting.delete(ack));
    },
  });
  const onMessage = (m: unknown) => {
    if (isAck(m)) {
      waiting.get(m.ack)?.();
      return;
    }
    if (!isRelay(m) || m.channel !== CLEAR) return;
    applyRelayed(m.message);
    if (m.ack !== undefined && m.from !== undefined && process.connected) process.send?.({ type: RELAY_ACK, ack: m.ack, from: m.from } satisfies AckMessage);
  };
  process.on('message', onMessage);
  ctx.onClose.push(() => {
    removeRelay();
    process.off('message', onMessage);
  });
  if (!redisUrl) void eventBus(ctx).connectRedis('cluster', () => new ClusterPubSub());
}
