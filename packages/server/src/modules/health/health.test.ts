/**
 * GET /healthz and GET /readyz through HTTP: liveness always; readiness follows the database (every engine) and
 * a configured Redis (QUORUM_REDIS_URL, Redis on 127.0.0.1:6379 here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshApp, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';

for (const dialect of DIALECTS) {
  describe(`health endpoints on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
    });
    afterAll(async () => site?.close());

    it('answers /healthz and, while the database answers, /readyz with 200 and no caching', async (t) => {
      if (!site) return t.skip();
      const live = await site.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await site.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
    });

    it('answers /readyz with 503 once the database stops answering, /healthz still 200', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const db = ctx.database!;
      ctx.database = { ...db, kysely: db.kysely.withPlugin({ transformQuery: () => { throw new Error('connection lost'); }, transformResult: async (a) => a.result }) };
      try {
        const ready = await site.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'unreachable', redis: 'not configured' } });
        expect((await site.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        ctx.database = db;
      }
    });
  });
}

describe('readiness before installation and with Redis', () => {
  it('is ready before installation (the installer is served)', async () => {
    const fresh = await freshApp();
    try {
      const ready = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'not installed', redis: 'not configured' } });
    } finally {
      await fresh.cleanup();
    }
  });

  it('checks Redis when QUORUM_REDIS_URL is set: ready while it answers, 503 when it does not', async () => {
    const saved = process.env.QUORUM_REDIS_URL;
    try {
      process.env.QUORUM_REDIS_URL = 'redis://127.0.0.1:6379';
      const up = await freshApp();
      try {
        const ready = await up.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'not installed', redis: 'ok' } });
      } finally {
        await up.cleanup();
      }
      // Nothing listens on port 1.
      process.env.QUORUM_REDIS_URL = 'redis://127.0.0.1:1';
      const down = await freshApp();
      try {
        const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'not installed', redis: 'unreachable' } });
      } finally {
        await down.cleanup();
      }
    } finally {
      if (saved === undefined) delete process.env.QUORUM_REDIS_URL;
      else process.env.QUORUM_REDIS_URL = saved;
    }
  });
});
