/**
 * The one invalidation mechanism of every in-process cache (DESIGN.md "caches and counters").
 *
 * Each cache registers by name (`registerCache`) with what invalidates it: the tables it reads and, for caches
 * cleared by a kind of write rather than by a table, topics (CONTENT: "the site's content changed"), a local
 * clear, and the window it states for another process's write when no relay reaches it. An invalidation is a set
 * of names (tables and topics); it is applied to this process at once and relayed to the sibling workers of
 * `quorum run --workers N` (IPC through the primary, cluster.worker.ts) and, with QUORUM_REDIS_URL, to every node
 * (Redis pub/sub, core/redis.ts).
 *
 * Where invalidations come from:
 *   - every INSERT/UPDATE/DELETE built with Kysely (core/db/writewatch.ts calls `noteWrite`): the table's caches
 *     are cleared here at once, and the table is published after the write committed;
 *   - `invalidate(names)` for what no table write says (the micro-cache clear of a content write, a restore).
 *
 * Read-your-writes: a request that is not a GET publishes the tables written in this process since it began
 * (its own writes are committed by then) and waits, before its response is sent, until every sibling worker has
 * applied them and its own Redis message came back from the Redis server (`installCoherence`; at most
 * ACK_TIMEOUT_MS): the member's next request finds no cache older than their write, whichever worker or node
 * serves it. Others' requests see a write as soon as the invalidation arrives (milliseconds; stated: 1 s). Writes
 * outside requests (jobs, flushes) and in GETs are published within PUBLISH_DELAY_MS. A process that receives an
 * invalidation moves its write generations of the tables named (`externalGeneration`), so caches keyed on them
 * miss, and calls the registered clears.
 *
 * A relay that is down (Redis unreachable, several nodes without Redis) delivers nothing: each cache then holds
 * another process's write for at most its own window (`CacheSpec.windowMs`), and when the Redis subscription comes
 * back every cache is cleared (`ALL`), since messages sent meanwhile were lost.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Topic of content writes (questions, answers, comments, votes, tags): the caches of what pages show. */
export const CONTENT = 'content';
/** The name that matches every cache (a relay that may have missed messages). */
export const ALL = '*';
/**
 * Tables whose writes change what public pages and lists show (with CONTENT, what the page and list caches read).
 * `users` is in it for names, avatars and reputations.
 */
export const CONTENT_TABLES: readonly string[] = ['questions', 'answers', 'comments', 'votes', 'tags', 'tag_rel', 'users', 'settings'];
/** Longest a write request waits for the relays' acknowledgement before it answers anyway (ms). */
export const ACK_TIMEOUT_MS = 250;
/** Delay before the writes of background work (no request) are published, so their transaction has committed (ms). */
export const PUBLISH_DELAY_MS = 20;

/** What a cache declares when it registers. */
export interface CacheSpec {
  /** Tables and topics whose invalidation clears it. */
  reads: readonly string[];
  /** Longest it holds a value, so the longest another process's write goes unseen when no relay reaches it (ms). */
  windowMs: number;
  /** What it keeps, in a few words (for the registry listing). */
  what: string;
}

/** A registered cache: its spec and the clears of its instances (one per app or handle where it has several). */
interface Registered extends CacheSpec {
  name: string;
  clears: Set<() => void>;
}

/** Carries invalidations to other processes. */
export interface Relay {
  /**
   * Sends one invalidation (the payload of `encode`).
   * @returns a promise that settles when the receivers have it (workers: applied; Redis: echoed), at most
   *   ACK_TIMEOUT_MS later; never rejects
   */
  send(payload: string): Promise<void>;
}

const registry = new Map<string, Registered>();
/** Registered caches by each name in their `reads`. */
const byName = new Map<string, Set<Registered>>();
const relays = new Set<Relay>();
/** Invalidations received from other processes, per table (added to the write generations). */
const external = new Map<string, number>();
/** This process's identity in relayed messages (a process never applies its own). */
export const ORIGIN = randomUUID();

/** Writes noted so far in this process (`noteWrite`), and the mark of the last write to each table. */
let writeSeq = 0;
const lastWrite = new Map<string, number>();
/** Topics invalidated locally and not yet published. */
const pendingTopics = new Set<string>();
/** Everything up to this mark has been published by the background publisher. */
let publishedMark = 0;
let timer: NodeJS.Timeout | null = null;

/**
 * Registers a cache, or one more instance of a cache already registered under `name` (same spec).
 * @param clear drops everything this instance keeps (it must be cheap: it runs on every matching invalidation)
 * @returns the function that removes this instance (an app closing)
 */
export function registerCache(name: string, spec: CacheSpec, clear: () => void): () => void {
  let r = registry.get(name);
  if (!r) {
    r = { name, ...spec, clears: new Set() };
    registry.set(name, r);
    for (const n of spec.reads) {
      let set = byName.get(n);
      if (!set) byName.set(n, (set = new Set()));
      set.add(r);
    }
  }
  const entry = r;
  entry.clears.add(clear);
  return () => void entry.clears.delete(clear);
}

/** Every registered cache: name, reads, window and what it keeps (the enumeration test and docs). */
export function registeredCaches(): Array<{ name: string; reads: readonly string[]; windowMs: number; what: string }> {
  return [...registry.values()].map(({ name, reads, windowMs, what }) => ({ name, reads, windowMs, what }));
}

/**
 * Drops the caches registered under `names` in this process only, whatever they read; nothing is relayed. For
 * tests that change rows behind the write watch and need some caches, not others, to see it.
 */
export function clearCachesHere(names: readonly string[]): void {
  for (const n of names) for (const clear of registry.get(n)?.clears ?? []) clear();
}

/** Calls the clears of the caches that read any of `names` (every cache for ALL). */
function clearLocal(names: Iterable<string>): void {
  const hit = new Set<Registered>();
  for (const n of names) {
    if (n === ALL) {
      for (const r of registry.values()) hit.add(r);
      break;
    }
    for (const r of byName.get(n) ?? []) hit.add(r);
  }
  for (const r of hit) for (const clear of r.clears) clear();
}

/**
 * Invalidations of `table` received from other processes so far: core/db/writewatch.ts adds it to the table's
 * generation, so a cache keyed on generations misses after another process wrote the table.
 */
export function externalGeneration(table: string): number {
  return external.get(table) ?? 0;
}

/** Schedules the background publication of what was written or invalidated and not yet published. */
function schedule(): void {
  if (timer || !relays.size) return;
  timer = setTimeout(() => {
    timer = null;
    const mark = publishedMark;
    publishedMark = writeSeq;
    void publish(mark);
  }, PUBLISH_DELAY_MS);
  timer.unref();
}

/**
 * A write to `table` by this process (core/db/writewatch.ts, when the statement is built): clears the table's
 * caches here at once and queues the table for the relays.
 */
export function noteWrite(table: string): void {
  lastWrite.set(table, ++writeSeq);
  clearLocal([table]);
  schedule();
}

/** The current write mark: `publish(mark)` later publishes every table written after it. */
export function writeMark(): number {
  return writeSeq;
}

/**
 * Invalidates `names` (tables or topics): here at once, and in every other process with the next publication
 * (within PUBLISH_DELAY_MS, or before the response of the write request that made it).
 */
export function invalidate(names: readonly string[]): void {
  clearLocal(names);
  if (!relays.size) return;
  for (const n of names) pendingTopics.add(n);
  schedule();
}

/** The relayed form of an invalidation. */
function encode(names: string[]): string {
  return JSON.stringify({ o: ORIGIN, n: names });
}

/**
 * Applies an invalidation received from another process (a relay's payload): moves the generations of the tables
 * named and clears the caches that read them. A payload that cannot be read clears everything.
 * @returns false when the payload is this process's own (not applied)
 */
export function applyRelayed(payload: string): boolean {
  let names: string[] = [ALL];
  try {
    const m = JSON.parse(payload) as { o?: unknown; n?: unknown };
    if (m.o === ORIGIN) return false;
    if (Array.isArray(m.n)) names = m.n.filter((x): x is string => typeof x === 'string');
  } catch {
    // an older node's message, or garbage: everything
  }
  applyNames(names);
  return true;
}

/** Moves the generations of `names` (every table known for ALL) and clears their caches. */
function applyNames(names: string[]): void {
  if (names.includes(ALL)) for (const t of new Set([...external.keys(), ...lastWrite.keys(), ...byName.keys()])) external.set(t, (external.get(t) ?? 0) + 1);
  else for (const n of names) external.set(n, (external.get(n) ?? 0) + 1);
  clearLocal(names);
}

/**
 * Clears every cache of this process as if every table had been written elsewhere (a relay that reconnected and
 * may have missed messages).
 */
export function invalidateEverythingHere(): void {
  applyNames([ALL]);
}

/**
 * Publishes the tables written after `mark` and the pending topics: clears them here again (the writes have
 * committed: a value read in between may predate them) and sends them through every relay.
 * @returns a promise that settles when every relay acknowledged (at most ACK_TIMEOUT_MS); never rejects
 */
export function publish(mark: number): Promise<void> {
  // Nothing older waits for the background publisher: what this publishes is not sent again by it.
  if (publishedMark >= mark) publishedMark = writeSeq;
  const names: string[] = [...pendingTopics];
  pendingTopics.clear();
  if (mark < writeSeq) for (const [t, at] of lastWrite) if (at > mark) names.push(t);
  if (!names.length) return Promise.resolve();
  clearLocal(names);
  if (!relays.size) return Promise.resolve();
  const payload = encode(names);
  return Promise.all([...relays].map((r) => r.send(payload))).then(() => undefined);
}

/**
 * Adds a relay (cluster.worker.ts, core/redis.ts).
 * @returns the function that removes it
 */
export function addRelay(relay: Relay): () => void {
  relays.add(relay);
  return () => void relays.delete(relay);
}

/**
 * A promise that settles with `promise` or after ACK_TIMEOUT_MS, whichever comes first (relays' acknowledgements).
 */
export function withinAckTimeout(promise: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ACK_TIMEOUT_MS);
    t.unref();
    promise.then(
      () => {
        clearTimeout(t);
        resolve();
      },
      () => {
        clearTimeout(t);
        resolve();
      },
    );
  });
}

const kMark = Symbol('coherence write mark');
const installed = new WeakSet<object>();

/**
 * Adds the read-your-writes hooks to an app (see the file header): each request notes the write mark when it
 * begins; a request other than GET/HEAD/OPTIONS that wrote (or ran while this process wrote) publishes those
 * tables and waits for the relays before its response is sent. Call once per app, on the root instance, before
 * routes are added; later calls do nothing.
 */
export function installCoherence(app: FastifyInstance): void {
  if (installed.has(app)) return;
  installed.add(app);
  app.addHook('onRequest', (req, _reply, done) => {
    (req as FastifyRequest & { [kMark]?: number })[kMark] = writeSeq;
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    const mark = (req as FastifyRequest & { [kMark]?: number })[kMark];
    if (mark === undefined || (mark === writeSeq && !pendingTopics.size)) return done(null, payload);
    const m = req.method;
    if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') {
      schedule();
      return done(null, payload);
    }
    publish(mark).then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
}
