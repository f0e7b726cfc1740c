/**
 * Shared state through Redis, two app nodes in one process on one SQLite site: request rate limits are counted
 * across nodes (multinode.test.ts covers the rest with three processes). Without Redis, QUORUM_NODES > 1 warns
 * at start-up. The Redis cases skip with a message when Redis is not running, except with CI=true.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { installedSite, call, type TestSite } from '../../test/dialects.js';
import { joinCacheInvalidation, warnIfPerNode } from './redis.js';
import type { AppContext } from './context.js';

const REDIS_URL = process.env.QUORUM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisRunning(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is not reachable (CI=true requires it): ${(err as Error).message}`, { cause: err });
    console.warn(`skipping the Redis cases: Redis at ${REDIS_URL} is not reachable`);
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('start-up warning for several nodes without Redis', () => {
  const logged: string[] = [];
  const ctx = { log: { warn: (m: string) => logged.push(m) } } as unknown as AppContext;

  it('names what is per node when QUORUM_NODES is above 1 and Redis is not configured', () => {
    const msg = warnIfPerNode(ctx, { QUORUM_NODES: '3' });
    expect(msg).toMatch(/^QUORUM_NODES=3 without QUORUM_REDIS_URL: limits are counted in the database, another node's writes show here only when each cache's own window ends/);
    expect(logged).toEqual([msg]);
    expect(warnIfPerNode(ctx, { QUORUM_NODES: '3', QUORUM_REDIS_URL: REDIS_URL })).toBeNull();
    expect(warnIfPerNode(ctx, {})).toBeNull();
    expect(logged).toHaveLength(1);
  });
});

describe('two nodes sharing one Redis', () => {
  let site: TestSite | undefined;
  let other: FastifyInstance | undefined;
  const saved = process.env.QUORUM_REDIS_URL;

  beforeAll(async () => {
    if (!(await redisRunning())) return;
    process.env.QUORUM_REDIS_URL = REDIS_URL;
    site = await installedSite('sqlite3', { rateLimit: true });
    // The second node opens the same data directory, hence the same site (same database, same Redis keys).
    other = await buildApp({ dataDir: site.dataDir, rateLimit: true });
    await Promise.all([joinCacheInvalidation(site.app.quorum, () => undefined), joinCacheInvalidation(other.quorum, () => undefined)]);
  });
  afterAll(async () => {
    await other?.close();
    await site?.close();
    if (saved === undefined) delete process.env.QUORUM_REDIS_URL;
    else process.env.QUORUM_REDIS_URL = saved;
  });

  it('counts request rate limits across nodes', async (t) => {
    if (!site || !other) return t.skip();
    // POST /user/login/email allows 20 requests a minute per address: ten on each node, then the 21st is refused.
    const attempt = (app: FastifyInstance) => call(app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'nobody@example.com', pass: 'x' }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 10; i++) {
      expect((await attempt(site.app)).status).not.toBe(429);
      expect((await attempt(other)).status).not.toBe(429);
    }
    expect((await attempt(site.app)).status).toBe(429);
    expect((await attempt(other)).status).toBe(429);
  });
});
