/**
 * The site's counters (core/counters.ts): the kind chosen from the environment; fixed windows; a worker counting
 * through the cluster primary over IPC and on its own when the primary does not answer; the database counters
 * shared by two apps on one database, on every engine (exact under concurrent hits, and the account limits and
 * route limits of both apps counted together); the @fastify/rate-limit store keyed on the matched route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { call, installedSite, shouldRun, DIALECTS, type TestSite } from '../../test/dialects.js';
import { answerCount, WindowCounts, type CountRequest } from '../cluster.counters.js';
import { ClusterCounters, counterKind, counters, MemoryCounters, rateLimitStore, type PrimaryChannel } from './counters.js';
import type { AppContext } from './context.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('counter kind', () => {
  it('is Redis with QUORUM_REDIS_URL, else the database with QUORUM_NODES > 1, else the primary in a worker, else memory', () => {
    expect(counterKind({ QUORUM_REDIS_URL: 'redis://x', QUORUM_NODES: '3' }, true)).toBe('redis');
    expect(counterKind({ QUORUM_NODES: '3' }, true)).toBe('database');
    expect(counterKind({ QUORUM_NODES: '1' }, true)).toBe('cluster');
    expect(counterKind({}, false)).toBe('memory');
  });
});

describe('fixed windows', () => {
  it('count from the first hit for the window, then start again at 1', () => {
    const w = new WindowCounts();
    expect(w.hit('k', 1000, 10_000)).toEqual({ count: 1, resetAt: 11_000 });
    expect(w.hit('k', 1000, 10_500)).toEqual({ count: 2, resetAt: 11_000 });
    expect(w.peek('k', 10_999)).toEqual({ count: 2, resetAt: 11_000 });
    expect(w.peek('k', 11_000)).toEqual({ count: 0, resetAt: 0 });
    expect(w.hit('k', 1000, 11_000)).toEqual({ count: 1, resetAt: 12_000 });
    w.clear('k');
    expect(w.peek('k', 11_001).count).toBe(0);
    w.hit('old', 10, 0);
    w.sweep(100);
    expect(w.size).toBe(0);
  });
});

/** A primary in this process: answers each worker's channel like cluster.counters.ts, or never when `silent`. */
function fakePrimary(opts: { silent?: boolean } = {}): { asked: number; worker(): PrimaryChannel } {
  const counts = new WindowCounts();
  const primary = {
    asked: 0,
    worker(): PrimaryChannel {
      const listeners = new Set<(m: unknown) => void>();
      return {
        connected: () => true,
        send(msg: CountRequest) {
          primary.asked++;
          if (opts.silent) return;
          const reply = answerCount(counts, msg);
          setImmediate(() => listeners.forEach((fn) => fn(reply)));
        },
        listen(fn) {
          listeners.add(fn);
          return () => listeners.delete(fn);
        },
      };
    },
  };
  return primary;
}

describe('counting through the cluster primary', () => {
  it('gives two workers one count', async () => {
    const primary = fakePrimary();
    const a = new ClusterCounters(new MemoryCounters(), () => undefined, primary.worker());
    const b = new ClusterCounters(new MemoryCounters(), () => undefined, primary.worker());
    const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit('register:ip:10.0.0.1', 3600)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await a.peek('register:ip:10.0.0.1')).count).toBe(10);
    await b.clear('register:ip:10.0.0.1');
    expect((await a.peek('register:ip:10.0.0.1')).count).toBe(0);
  });

  it('counts in the worker when the primary does not answer in time, warns once, and asks again later', async () => {
    const warnings: string[] = [];
    const primary = fakePrimary({ silent: true });
    const c = new ClusterCounters(new MemoryCounters(), (m) => warnings.push(m), primary.worker(), 50);
    const started = Date.now();
    expect((await c.hit('k', 60)).count).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    // The next calls do not wait for the primary again (for LOCAL_SPELL_MS): they count at once, here.
    const again = Date.now();
    expect((await c.hit('k', 60)).count).toBe(2);
    expect((await c.peek('k')).count).toBe(2);
    expect(Date.now() - again).toBeLessThan(40);
    expect(primary.asked).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/did not answer a count within 50 ms/);
    c.close();
  });
});

describe('the rate-limit store', () => {
  it('keys each route on its method and URL pattern, never the request text', async () => {
    const ctx = { log: { warn: () => undefined }, onClose: [] } as unknown as AppContext;
    const Store = rateLimitStore(ctx);
    const root = new Store({} as never);
    const route = root.child({ routeInfo: { method: 'POST', url: '/answer/api/v1/question/:id' } } as never);
    const other = root.child({ routeInfo: { method: 'GET', url: '/answer/api/v1/question/:id' } } as never);
    const incr = (s: typeof route) => new Promise<{ current: number; ttl: number }>((resolve, reject) => s.incr('10.0.0.1', (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 5));
    expect((await incr(route)).current).toBe(1);
    expect((await incr(route)).current).toBe(2);
    expect((await incr(other)).current).toBe(1);
    expect((await counters(ctx).peek('route:POST /answer/api/v1/question/:id:10.0.0.1')).count).toBe(2);
    const { ttl } = await incr(route);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('Redis counters shared by two apps', () => {
  const url = process.env.QUORUM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const saved = process.env.QUORUM_REDIS_URL;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-counters-'));
  // Two contexts of one site (same data directory, hence the same key prefix), as two nodes would be.
  const ctxs = [0, 1].map(() => ({ dataDir: dir, config: null, log: { warn: () => undefined }, onClose: [] as Array<() => unknown> }) as unknown as AppContext);
  let running = false;

  beforeAll(async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await probe.connect();
      await probe.ping();
      running = true;
    } catch {
      if (process.env.CI === 'true') throw new Error(`Redis at ${url} is not reachable (CI=true requires it)`);
      console.warn(`skipping the Redis counters: Redis at ${url} is not reachable`);
    } finally {
      probe.disconnect();
    }
    process.env.QUORUM_REDIS_URL = url;
  });
  afterAll(async () => {
    for (const ctx of ctxs) for (const fn of ctx.onClose) await fn();
    rmSync(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.QUORUM_REDIS_URL;
    else process.env.QUORUM_REDIS_URL = saved;
  });

  it('counts every hit once under concurrency, with fixed windows, peek and clear', async (t) => {
    if (!running) return t.skip();
    const [a, b] = ctxs.map((ctx) => counters(ctx)) as [ReturnType<typeof counters>, ReturnType<typeof counters>];
    expect([a.kind, b.kind]).toEqual(['redis', 'redis']);
    const key = `race-${Date.now()}`;
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(key, 60)));
    expect(together.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const peeked = await b.peek(key);
    expect(peeked.count).toBe(20);
    expect(peeked.resetAt - Date.now()).toBeGreaterThan(55_000);
    await a.clear(key);
    expect((await b.peek(key)).count).toBe(0);
    expect((await a.hit(`${key}-short`, 0.3)).count).toBe(1);
    await sleep(400);
    expect((await b.hit(`${key}-short`, 0.3)).count).toBe(1);
  });
});

for (const dialect of DIALECTS) {
  describe(`database counters shared by two apps (${dialect})`, () => {
    let site: TestSite | undefined;
    let other: FastifyInstance | undefined;
    const saved = process.env.QUORUM_NODES;

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      process.env.QUORUM_NODES = '2';
      site = await installedSite(dialect, { rateLimit: true });
      // The second node opens the same data directory, hence the same config and database.
      other = await buildApp({ dataDir: site.dataDir, rateLimit: true });
    }, 120_000);
    afterAll(async () => {
      await other?.close();
      await site?.close();
      if (saved === undefined) delete process.env.QUORUM_NODES;
      else process.env.QUORUM_NODES = saved;
    });

    it('counts every hit once, in order and under concurrency, with fixed windows, peek and clear', async (t) => {
      if (!site || !other) return t.skip();
      const [a, b] = [counters(site.app.quorum), counters(other.quorum)];
      expect([a.kind, b.kind]).toEqual(['database', 'database']);
      const seq: number[] = [];
      for (let i = 0; i < 6; i++) seq.push((await (i % 2 ? a : b).hit('seq', 3600)).count);
      expect(seq).toEqual([1, 2, 3, 4, 5, 6]);
      // Concurrent hits from both apps, the first ones racing to create the row: distinct counts 1..20.
      const together = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('race', 3600)));
      expect(together.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await b.peek('race')).count).toBe(20);
      // A long key is hashed into the row name and still counted.
      const long = `fail:email:${'x'.repeat(300)}@example.com`;
      await a.hit(long, 60);
      expect((await b.hit(long, 60)).count).toBe(2);
      // A window ends, and the next hit opens a new one.
      expect((await a.hit('short', 0.3)).count).toBe(1);
      expect((await b.hit('short', 0.3)).count).toBe(2);
      await sleep(400);
      expect((await b.peek('short')).count).toBe(0);
      expect((await a.hit('short', 0.3)).count).toBe(1);
      await a.clear('seq');
      expect((await b.peek('seq')).count).toBe(0);
    });

    it('counts the account limits and the route limits of both apps together', async (t) => {
      if (!site || !other) return t.skip();
      const apps = [site.app, other];
      // Registration: 10 an hour per address, five through each app, then the 11th is refused by either.
      for (let i = 0; i < 10; i++) {
        const r = await call(apps[i % 2]!, 'POST', '/answer/api/v1/user/register/email', { body: { name: `member${i}`, e_mail: `member${i}@example.com`, pass: 'password-123' }, remoteAddress: '10.7.7.7' });
        expect(r.status).toBe(200);
      }
      const refused = await call(other, 'POST', '/answer/api/v1/user/register/email', { body: { name: 'member10', e_mail: 'member10@example.com', pass: 'password-123' }, remoteAddress: '10.7.7.7' });
      expect([refused.status, refused.body.reason]).toEqual([429, 'error.request.rate_limited']);
      // POST /user/login/email allows 20 requests a minute per address (route limit): ten on each app, then the
      // 21st is refused.
      const attempt = (app: FastifyInstance) => call(app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'nobody@example.com', pass: 'x' }, remoteAddress: '10.8.8.8' });
      for (let i = 0; i < 10; i++) {
        expect((await attempt(site.app)).status).not.toBe(429);
        expect((await attempt(other)).status).not.toBe(429);
      }
      expect((await attempt(site.app)).status).toBe(429);
      expect((await attempt(other)).status).toBe(429);
    });
  });
}
