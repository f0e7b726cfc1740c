/**
 * Test support for the tests that start the server as a product does (`quorum run`, bin/quorum.js) and talk to
 * it over HTTP: a request on its own TCP connection (so `quorum run --workers N` hands consecutive requests to
 * different workers), waiting for /readyz, starting a server process on a free port with its own data directory,
 * waiting until each of its N workers listens,
 * the probe of the test Redis, and a site whose requests go round-robin over several nodes. Processes and
 * directories made here are removed by `stopServers` (each test file calls it from `afterAll`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from './ports.js';

/** The `quorum` command (runs the bundle when it is current, else the sources). */
export const BIN = fileURLToPath(new URL('../bin/quorum.js', import.meta.url));
/** The Redis the tests may use (QUORUM_TEST_REDIS_URL, default the local one). */
export const TEST_REDIS_URL = process.env.QUORUM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A reply: status, and the body parsed as JSON (`{ text }` when it is not JSON). */
export interface Reply {
  status: number;
  body: { code?: number; data?: unknown; reason?: string } & Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/** What a request carries: a token (Authorization), a JSON body, or raw bytes with their content type. */
export interface RequestOptions {
  token?: string;
  body?: unknown;
  raw?: { type: string; data: Buffer };
  headers?: Record<string, string>;
}

/** One request to 127.0.0.1:`port` on a new TCP connection (no keep-alive agent). @throws when it cannot connect */
export function request(port: number, method: string, url: string, opts: RequestOptions = {}): Promise<Reply> {
  const payload = opts.raw ? opts.raw.data : opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const type = opts.raw ? opts.raw.type : 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1', port, method, path: url, agent: false,
        headers: { connection: 'close', ...(payload ? { 'content-type': type, 'content-length': payload.length } : {}), ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Reply['body'];
          try {
            body = JSON.parse(text) as Reply['body'];
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Waits until `port` answers /readyz with 200. @throws when `child` exits first or after `ms` */
export async function waitReady(port: number, child: ChildProcess, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await request(port, 'GET', '/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`port ${port} was not ready in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A server process started by `startServer`. */
export interface Server {
  child: ChildProcess;
  port: number;
  /** Its own data directory (removed by `stopServers`). */
  dir: string;
}

const started: Server[] = [];

/**
 * Starts `quorum run --workers <workers>` on a free port of 127.0.0.1 with a new, empty data directory and
 * `env` over the test process's environment (LOG_LEVEL=warn and rate limits off unless `env` says otherwise; a
 * variable given as undefined is removed), and waits until it is ready; with several workers, until each has had
 * time to listen (six more /readyz).
 */
export async function startServer(workers: number, env: Record<string, string | undefined>): Promise<Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-run-'));
  const port = await freePort();
  const all: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', QUORUM_RATE_LIMIT: 'off', ...env, QUORUM_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' };
  for (const [k, v] of Object.entries(all)) if (v === undefined) delete all[k];
  const child = spawn(process.execPath, [BIN, 'run', '--workers', String(workers)], { env: all, stdio: 'ignore' });
  const server = { child, port, dir };
  started.push(server);
  await waitReady(port, child);
  if (workers > 1) for (let i = 0; i < 6; i++) await waitReady(port, child);
  return server;
}

/** Pids of the server processes whose parent is `pid` (not helpers such as tsx's esbuild service). */
function workerPids(pid: number): number[] {
  const r = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter((line) => line.includes('quorum.js'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** CPU ticks used so far by a process (user + system). */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until the site answers /readyz, the primary has `n` workers (`--workers 1` serves in the process itself)
 * and every one of them has gone quiet (done starting, hence listening: the primary hands connections only to
 * workers that listen).
 */
export async function waitForWorkers(port: number, server: ChildProcess, n: number, ms = 240_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > until) throw new Error(`${n} workers were not ready in ${ms} ms`);
    const ready = await request(port, 'GET', '/readyz').then((r) => r.status === 200, () => false);
    const pids = n > 1 ? workerPids(server.pid!) : [server.pid!];
    if (ready && pids.length === n) {
      const before = pids.map(cpuTicks);
      await new Promise((r) => setTimeout(r, 1000));
      if (pids.every((pid, i) => cpuTicks(pid) - before[i]! < 10)) return;
    } else await new Promise((r) => setTimeout(r, 500));
  }
}

/** Kills every server `startServer` started and removes their data directories (call from `afterAll`). */
export function stopServers(): void {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    rmSync(s.dir, { recursive: true, force: true });
  }
}

/**
 * Whether the test Redis answers. When it does not: throws under CI=true (the leg must run there), else prints
 * that `what` is skipped and returns false.
 */
export async function redisReachable(what: string, url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // the failed connect is reported below
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`Redis at ${url} is not reachable (CI=true requires it): ${(err as Error).message}`, { cause: err });
    console.warn(`skipping ${what}: Redis at ${url} is not reachable`);
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A PostgreSQL database made for one test: the DB_* variables of the nodes, and the call that drops it. */
export interface TestDatabase {
  env: { DB_TYPE: 'postgres'; DB_HOST: string; DB_USERNAME: string; DB_NAME: string };
  drop(): Promise<void>;
}

/**
 * Creates an empty PostgreSQL database of its own on the test server (PGHOST_TEST, default 127.0.0.1:5432, user
 * postgres). When the server does not answer: throws under CI=true, else prints that `what` is skipped and
 * returns null.
 */
export async function postgresDatabase(what: string): Promise<TestDatabase | null> {
  const hostPort = process.env.PGHOST_TEST || '127.0.0.1:5432';
  const [host, port] = hostPort.split(':');
  const name = `quorum_t_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ host, port: Number(port || 5432), user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`create database "${name}" encoding 'UTF8'`);
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL at ${hostPort} is not reachable (CI=true requires it): ${(err as Error).message}`, { cause: err });
    console.warn(`skipping ${what}: PostgreSQL at ${hostPort} is not reachable: ${(err as Error).message}`);
    return null;
  }
  return { env: { DB_TYPE: 'postgres', DB_HOST: hostPort, DB_USERNAME: 'postgres', DB_NAME: name }, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** The node the calls of the current async context go to (`Site.onNode`). */
const pin = new AsyncLocalStorage<number>();

/** A site served by one or more processes: each call goes to the next port in turn (nodes), or to the one port. */
export class Site {
  private next = 0;
  /** @param ports the nodes' ports, in the order calls go round them */
  constructor(readonly ports: number[]) {}
  /** One request on a new connection, to the next node (or, inside `onNode`, to that node; the turn is kept). */
  call(method: string, url: string, opts: RequestOptions = {}): Promise<Reply> {
    const pinned = pin.getStore();
    const port = this.ports[pinned ?? this.next++ % this.ports.length]!;
    return request(port, method, url, opts);
  }
  /** Runs `fn` with every call it makes (through this or any site) sent to `ports[node]`. */
  onNode<T>(node: number, fn: () => Promise<T>): Promise<T> {
    return pin.run(node, fn);
  }
  /** A call that must answer 200: its `data`. @throws Error with the status and body otherwise */
  async ok(method: string, url: string, opts: RequestOptions = {}): Promise<Record<string, unknown>> {
    const r = await this.call(method, url, opts);
    if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body.data ?? {}) as Record<string, unknown>;
  }
}
