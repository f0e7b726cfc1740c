/**
 * In-process event bus, one per app (`eventBus(ctx)`), with two kinds of events:
 * - **domain events** (`emit` / `onDomain`): facts written by a service after its transaction committed (an answer
 *   was posted, a vote cast ...). Handled only on the node that wrote them (badge rules), awaited by the writer so
 *   a request's effects are done when it answers; a failing handler is logged and never fails the write.
 * - **live events** (`publish` / `subscribe`): what open pages should learn (a member's notification count
 *   changed, a question got an answer, a comment or a vote). Delivered to every node's subscribers: in process
 *   always, and through Redis pub/sub when `QUORUM_REDIS_URL` is set, so a member connected to node B hears of an
 *   answer posted on node A. Without Redis each node only hears its own events (single-node limit: with several
 *   nodes, members see others' changes through the 3 s `GET /notification/status` poll and page reloads).
 * Redis delivery is at most once (pub/sub keeps nothing for a disconnected node): live events are hints that make
 * a page fetch current data, never the data of record.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from './context.js';

/** Live events, as they travel between nodes (JSON). */
export type LiveEvent =
  /** The unread counts of these members changed (a notification or achievement was written or read). */
  | { type: 'notification'; user_ids: string[] }
  /** Something visible changed on a question page: a new answer or comment, or a post's vote count; `user_id` did it. */
  | { type: 'question'; question_id: string; kind: 'answer' | 'comment' | 'vote'; object_id: string; user_id: string; votes?: number };

/** Domain events: what badge rules and other same-node reactions listen to. Times are unix seconds. */
export type DomainEvent =
  | { type: 'question.created'; user_id: string; question_id: string }
  | { type: 'answer.created'; user_id: string; answer_id: string; question_id: string }
  | { type: 'answer.accepted'; answer_id: string; answer_user_id: string; question_user_id: string }
  | { type: 'comment.created'; user_id: string; comment_id: string }
  | { type: 'post.edited'; user_id: string; object_id: string }
  | { type: 'vote.cast'; user_id: string; object_id: string; direction: 'up' | 'down'; author_id: string }
  | { type: 'question.viewed'; question_ids: string[] }
  | { type: 'member.active'; user_id: string; now: number }
  | { type: 'profile.updated'; user_id: string }
  /** An account was created (sign-up, third-party login, an administrator's bulk add). */
  | { type: 'user.created'; user_id: string }
  /** What group rules see of a member may have changed: an address confirmed or changed, a directory login (modules/group). */
  | { type: 'member.identity'; user_id: string }
  /** A member flagged a question, answer, comment or user (`object_type`), whose author is `reported_user_id`. */
  | { type: 'flag.created'; user_id: string; flag_id: string; object_id: string; object_type: string; reported_user_id: string };

/** The Redis pub/sub channel of live events. */
const CHANNEL = 'quorum:events';

type DomainHandler = (e: DomainEvent) => Promise<void> | void;
type LiveHandler = (e: LiveEvent) => void;

/** The part of ioredis the bus uses (kept narrow so tests and the single-node case need no Redis). */
interface RedisLike {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', fn: (channel: string, message: string) => void): unknown;
  on(event: 'error', fn: (err: Error) => void): unknown;
  quit(): Promise<unknown>;
  disconnect(): void;
}

/** Events of one app. Create through `eventBus(ctx)`. */
export class EventBus {
  /** Identifies this node in Redis messages, so a node does not deliver its own events twice. */
  readonly nodeId = randomUUID();
  private readonly domain: DomainHandler[] = [];
  private readonly live = new Set<LiveHandler>();
  private pub: RedisLike | null = null;
  private sub: RedisLike | null = null;
  private key = '';
  private keyedConfig: unknown = null;
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  /** Registers a same-node handler of domain events. */
  onDomain(fn: DomainHandler): void {
    this.domain.push(fn);
  }

  /** Runs every domain handler for `e` in turn; errors are logged, never thrown. */
  async emit(e: DomainEvent): Promise<void> {
    for (const fn of this.domain) {
      try {
        await fn(e);
      } catch (err) {
        this.ctx.log.error({ err, event: e.type }, 'event handler failed');
      }
    }
  }

  /** Subscribes to live events of every node. @returns the unsubscribe function */
  subscribe(fn: LiveHandler): () => void {
    this.live.add(fn);
    return () => this.live.delete(fn);
  }

  /** Number of live subscribers on this node. */
  get subscriberCount(): number {
    return this.live.size;
  }

  /** Delivers a live event here at once and, with Redis, to the other nodes. Never throws. */
  publish(e: LiveEvent): void {
    this.deliver(e);
    if (this.pub) this.pub.publish(CHANNEL, JSON.stringify({ origin: this.nodeId, site: this.siteKey(), event: e })).catch((err: unknown) => this.ctx.log.warn({ err }, 'publishing a live event to Redis failed'));
  }

  private deliver(e: LiveEvent): void {
    for (const fn of this.live) {
      try {
        fn(e);
      } catch (err) {
        this.ctx.log.error({ err }, 'live event subscriber failed');
      }
    }
  }

  /**
   * Which site this node serves: a hash of its database settings (engine, host, name or file), so sites sharing
   * one Redis ignore each other's events. Read at each use: the installer connects the database after start.
   */
  private siteKey(): string {
    const cfg = this.ctx.config?.database;
    if (cfg !== this.keyedConfig || !this.key) {
      this.keyedConfig = cfg;
      const where = cfg ? JSON.stringify([cfg.type, cfg.host ?? '', cfg.name ?? '', cfg.type === 'sqlite3' ? this.ctx.dataDir : '']) : this.ctx.dataDir;
      this.key = createHash('sha256').update(where).digest('hex').slice(0, 16);
    }
    return this.key;
  }

  /** Connects to Redis (a publisher and a subscriber connection). Resolves when the subscription is active. */
  connectRedis(url: string, create: (url: string) => RedisLike): Promise<void> {
    const pub = create(url);
    const sub = create(url);
    for (const c of [pub, sub]) c.on('error', (err) => this.ctx.log.warn({ err: err.message }, 'Redis connection error'));
    sub.on('message', (_channel, message) => {
      try {
        const m = JSON.parse(message) as { origin: string; site: string; event: LiveEvent };
        if (m.origin !== this.nodeId && m.site === this.siteKey()) this.deliver(m.event);
      } catch {
        // not ours
      }
    });
    this.pub = pub;
    this.sub = sub;
    this.ready = sub.subscribe(CHANNEL).then(() => undefined);
    return this.ready;
  }

  /** Resolves once a Redis subscription (if any) is active. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Whether live events travel through Redis. */
  get crossNode(): boolean {
    return this.pub !== null;
  }

  /** Closes the Redis connections and drops every subscriber. */
  async close(): Promise<void> {
    this.live.clear();
    const conns = [this.pub, this.sub].filter((c): c is RedisLike => c !== null);
    this.pub = this.sub = null;
    await Promise.all(conns.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

const buses = new WeakMap<AppContext, EventBus>();

/** The event bus of an app, created on first use; closed with the app. */
export function eventBus(ctx: AppContext): EventBus {
  let bus = buses.get(ctx);
  if (!bus) {
    const created = new EventBus(ctx);
    buses.set(ctx, created);
    ctx.onClose.push(() => created.close());
    bus = created;
  }
  return bus;
}

/** Shorthand: `eventBus(ctx).emit(e)`. */
export function emitDomain(ctx: AppContext, e: DomainEvent): Promise<void> {
  return eventBus(ctx).emit(e);
}

/** Shorthand: `eventBus(ctx).publish(e)`. */
export function publishLive(ctx: AppContext, e: LiveEvent): void {
  eventBus(ctx).publish(e);
}
