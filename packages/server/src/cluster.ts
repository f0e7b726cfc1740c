/**
 * Several server processes on one port (`quorum run --workers N`) with node:cluster: the primary process forks
 * the workers, relays messages between them and restarts a worker that dies; each worker is a complete server
 * that joins the relay through cluster.worker.ts. This file stays free of the app's modules, so the primary
 * loads little.
 *
 * What the workers share: the database (and with it sessions, captchas, the outbox and mail jobs, which are
 * claimed by compare-and-set, so background work runs once however many processes poll) and, through the
 * primary, two kinds of messages:
 *   - cache invalidation (core/coherence.ts): the tables and topics a worker wrote, applied by every other worker;
 *     a write request waits until all have acknowledged before it answers, so the writer's next request sees the
 *     write whichever worker serves it;
 *   - live events (answers, comments, votes, unread counts): the event bus of every worker hears the others', as
 *     it does through Redis between nodes (core/events.ts). With QUORUM_REDIS_URL set, Redis carries them instead.
 * Rate limits and failed-login counters are counted once for the node by the primary (cluster.counters.ts); what
 * stays per worker: view counts until their 5 s flush (added, never overwritten).
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { serveCounters } from './cluster.counters.js';

/** Message type of the relay between workers (anything else on the IPC channel is ignored). */
export const RELAY = 'quorum:relay';

/** A message one worker sends to all the others through the primary (cluster.worker.ts). */
export interface RelayMessage {
  type: typeof RELAY;
  channel: string;
  message: string;
  /**
   * Asks for an acknowledgement: set by the sender (its own number), the primary forwards the message with the
   * sender's worker id and this number, every receiver answers with an AckMessage once it applied the message, and
   * the primary tells the sender when all have (core/coherence.ts: read-your-writes across workers).
   */
  ack?: number;
  /** Worker id of the sender, added by the primary to messages asking for an acknowledgement. */
  from?: number;
}

/** Message type of acknowledgements (receiver to primary, then primary to sender). */
export const RELAY_ACK = 'quorum:relay-ack';

/** An acknowledgement of a relayed message: `ack` is the sender's number, `from` the sender's worker id. */
export interface AckMessage {
  type: typeof RELAY_ACK;
  ack: number;
  from: number;
}

/** True for acknowledgements. */
export function isAck(m: unknown): m is AckMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === RELAY_ACK;
}

/** True for relay messages. */
export function isRelay(m: unknown): m is RelayMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === RELAY;
}

/**
 * Number of worker processes: `asked` (the --workers value) when given, else QUORUM_WORKERS, else the number of
 * cores the process may use.
 * @throws Error when the value is not a whole number from 1 to 256
 */
export function resolveWorkers(asked: string | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const raw = asked ?? env.QUORUM_WORKERS;
  if (raw === undefined || raw === '') return Math.max(1, os.availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error(`--workers must be a whole number from 1 to 256, not "${raw}"`);
  return n;
}

/** Young-generation semi-space of each worker, in MB, when QUORUM_SEMI_SPACE_MB is not set. */
export const DEFAULT_SEMI_SPACE_MB = 4;

/**
 * Node flags for the workers: the primary's own flags, plus `--max-semi-space-size` (MB) from
 * QUORUM_SEMI_SPACE_MB (default DEFAULT_SEMI_SPACE_MB; 0 keeps V8's own) unless the flags or NODE_OPTIONS already
 * set it. V8 grows each of the two semi-spaces of the young generation to 16 MB on 64-bit machines once a process
 * allocates a lot, 32 MB that every worker then holds; with 4 MB an idle 2-worker node holds about 30 MB less, and
 * a rendered question page costs no more CPU (2.8-2.9 ms per page against 3.3 with V8's default, same run;
 * docs/BENCHMARKS.md "Memory").
 * @throws Error when QUORUM_SEMI_SPACE_MB is not a whole number from 0 to 256
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.QUORUM_SEMI_SPACE_MB ?? '';
  const mb = raw === '' ? DEFAULT_SEMI_SPACE_MB : Number(raw);
  if (!Number.isInteger(mb) || mb < 0 || mb > 256) throw new Error(`QUORUM_SEMI_SPACE_MB must be a whole number of MB from 0 to 256, not "${raw}"`);
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--max[-_]semi[-_]space[-_]size/.test(a));
  return mb && !given ? [...execArgv, `--max-semi-space-size=${mb}`] : [...execArgv];
}

/**
 * Runs the primary process: forks `n` workers (each runs the `run` command again as a worker), relays messages
 * between them, replaces a worker that exits unexpectedly, and on SIGTERM or SIGINT asks every worker to shut
 * down gracefully and exits when all have.
 * @param log where start-up notes and worker deaths go
 */
export function runPrimary(n: number, log: (msg: string) => void): void {
  let stopping = false;
  const recentDeaths: number[] = [];
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  // Each worker knows how many share the node: per-node budgets (the page cache's) are shared out among them.
  const fork = () => cluster.fork({ QUORUM_NODE_WORKERS: String(n) });
  serveCounters();
  // Acknowledgements awaited, by sender id and number: the workers that have not answered yet.
  const awaiting = new Map<string, { sender: Worker; ack: number; left: Set<number> }>();
  const settle = (key: string) => {
    const a = awaiting.get(key);
    if (!a || a.left.size) return;
    awaiting.delete(key);
    if (a.sender.isConnected()) a.sender.send({ type: RELAY_ACK, ack: a.ack, from: a.sender.id } satisfies AckMessage);
  };
  cluster.on('message', (from: Worker, msg: unknown) => {
    if (isAck(msg)) {
      const key = `${msg.from}:${msg.ack}`;
      awaiting.get(key)?.left.delete(from.id);
      settle(key);
      return;
    }
    if (!isRelay(msg)) return;
    const others = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w !== from && w.isConnected());
    if (msg.ack === undefined) {
      for (const w of others) w.send(msg);
      return;
    }
    const key = `${from.id}:${msg.ack}`;
    awaiting.set(key, { sender: from, ack: msg.ack, left: new Set(others.map((w) => w.id)) });
    for (const w of others) w.send({ ...msg, from: from.id });
    settle(key);
  });
  cluster.on('exit', (worker, code, signal) => {
    // A worker gone answers no acknowledgement: nobody waits for it.
    for (const [key, a] of awaiting) {
      a.left.delete(worker.id);
      if (a.sender === worker) awaiting.delete(key);
      else settle(key);
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length > 2 * n) {
      log(`workers keep exiting (${recentDeaths.length} in a minute; last: pid ${worker.process.pid}, code ${code}, signal ${signal}); stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log(`worker pid ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!alive.length) process.exit(0);
    // Each worker drains its in-flight requests (main.ts); the primary waits for all of them.
    for (const w of alive) w.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < n; i++) fork();
}
