/**
 * Two app nodes on one PostgreSQL database and one Redis: an answer posted through node A reaches a member's
 * stream on node B (Redis pub/sub). Skips with a message when PostgreSQL or Redis is not running, except with
 * CI=true.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { eventBus } from '../../core/events.js';
import { installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion } from '../comment/social.testkit.js';
import { openStream } from './live.testkit.js';

const REDIS_URL = process.env.QUORUM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisRunning(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is not reachable (CI=true requires it): ${(err as Error).message}`, { cause: err });
    console.warn(`skipping the two-node test: Redis at ${REDIS_URL} is not reachable`);
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('live events across two nodes on PostgreSQL and Redis', () => {
  let nodeA: TestSite | undefined;
  let nodeB: FastifyInstance | undefined;
  let dirB = '';
  const saved = process.env.QUORUM_REDIS_URL;

  beforeAll(async () => {
    if (!(await shouldRun('postgres')) || !(await redisRunning())) return;
    process.env.QUORUM_REDIS_URL = REDIS_URL;
    nodeA = await installedSite('postgres');
    // Node B: its own data directory holding the same database settings.
    dirB = mkdtempSync(path.join(os.tmpdir(), 'quorum-node-b-'));
    mkdirSync(path.join(dirB, 'conf'));
    copyFileSync(path.join(nodeA.dataDir, 'conf', 'config.yaml'), path.join(dirB, 'conf', 'config.yaml'));
    nodeB = await buildApp({ dataDir: dirB, rateLimit: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    await Promise.all([eventBus(nodeA.app.quorum).whenReady(), eventBus(nodeB.quorum).whenReady()]);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    if (dirB) rmSync(dirB, { recursive: true, force: true });
    if (saved === undefined) delete process.env.QUORUM_REDIS_URL;
    else process.env.QUORUM_REDIS_URL = saved;
  });

  it('delivers an answer posted on node A to a stream open on node B', async (t) => {
    if (!nodeA || !nodeB) return t.skip();
    expect(eventBus(nodeB.quorum).crossNode).toBe(true);
    const alice = await activeUser(nodeA.app, 'alice');
    const bob = await activeUser(nodeA.app, 'bob', 2000);
    const qid = await askQuestion(nodeA.app, alice.token, 'Does a stream on another node hear this?', 'support');
    const base = `http://127.0.0.1:${(nodeB.server.address() as AddressInfo).port}`;
    const stream = await openStream(`${base}/answer/api/v1/notification/stream?question_id=${qid}`, { authorization: alice.token });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'status');
      const aid = await answerQuestion(nodeA.app, bob.token, qid, 'Yes: through Redis.');
      expect((await stream.waitFor((e) => e.event === 'question', 2000)).data).toEqual({ kind: 'answer', question_id: qid, object_id: aid, user_id: bob.id });
      expect((await stream.waitFor((e) => e.event === 'status' && e.data.inbox === 1, 2000)).data.inbox).toBe(1);
    } finally {
      stream.close();
    }
  });
});
