/**
 * Benchmark helpers: machine description, load generation (autocannon in a child process, so it never shares an
 * event loop with the server under test), a raw node:http baseline, port and readiness helpers, RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';

export interface Machine {
  cpus: number;
  model: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: (cpus[0]?.model ?? 'unknown').replace(/\s+/g, ' ').trim(),
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export interface LoadResult {
  name: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Runs autocannon against `url` in a child process.
 * @param seconds duration; connections: concurrent connections; headers: sent with every request
 */
export function loadTest(name: string, url: string, seconds: number, connections = 50, headers: Record<string, string> = {}): Promise<LoadResult> {
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        const r = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        resolve({ name, url, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${err.slice(-500)}`));
      }
    });
  });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The raw baseline: node:http answering a small fixed JSON document. */
export async function startRawServer(): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: { ok: true } });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** GET `url` (with `headers`, if any); resolves with status and body. */
export function get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Polls `url` until it answers 200 or `timeoutMs` passes. */
export async function waitUntilUp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await get(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(200);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(m[1]) / 1024);
}

/**
 * Memory of a process as the machine pays it (Linux /proc/<pid>/smaps_rollup), in MB: `pss` (proportional set
 * size: pages shared with other processes, such as the node binary's code mapped by every worker, counted once
 * across them) and `anon` (the process's own heap and stacks). RSS counts the shared pages in every process.
 */
export function memoryMb(pid: number): { pss: number; anon: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { pss: Math.round(kb('Pss') / 1024), anon: Math.round(kb('Anonymous') / 1024) };
}

/** Child process ids of `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const p = `/proc/${pid}/task/${pid}/children`;
  return existsSync(p) ? readFileSync(p, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

/**
 * CPU time used so far by `pid` and its children (user + system, /proc/<pid>/stat), in seconds: the difference
 * over a load, divided by its requests, is the node's CPU per request, which another process on the machine
 * disturbs far less than req/s.
 */
export function treeCpuSeconds(pid: number): number {
  const tick = 100; // USER_HZ on Linux
  return [pid, ...childrenOf(pid)].reduce((sum, p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * Samples the memory of `pid` and its children (a `quorum run --workers N` node) every `everyMs` until `stop` is
 * called; `stop` returns the peaks of the sums, in MB: RSS (shared pages counted in each process) and PSS.
 */
export function sampleTreeMemory(pid: number, everyMs = 500): { stop(): { rss: number; pss: number } } {
  let rss = 0;
  let pss = 0;
  const take = () => {
    try {
      const pids = [pid, ...childrenOf(pid)];
      rss = Math.max(rss, pids.reduce((a, p) => a + rssMb(p), 0));
      pss = Math.max(pss, pids.reduce((a, p) => a + memoryMb(p).pss, 0));
    } catch {
      // a process ended between listing and reading: the next sample counts again
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { rss, pss };
    },
  };
}

/** Deterministic PRNG (mulberry32): floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The search benchmark's mix (40% one word, 30% two, 10% three, 10% Chinese, 10% very common) over `words`. */
export function searchQueries(words: string[], n = 200): string[] {
  const r = rng(99);
  const pick = () => words[Math.floor(words.length * Math.pow(r(), 2.5))]!;
  const zh = ['啤酒', '酿造', '发酵', '麦芽', '酵母', '酒花', '温度', '味道'];
  return Array.from({ length: n }, (_, i) => {
    const kind = i % 10;
    if (kind < 4) return pick();
    if (kind < 7) return `${pick()} ${pick()}`;
    if (kind < 8) return `${pick()} ${pick()} ${pick()}`;
    if (kind < 9) return zh[Math.floor(r() * zh.length)]!;
    return words[Math.floor(r() * 20)]!;
  });
}
