/**
 * GET /healthz (liveness: 200 while the process answers) and GET /readyz (readiness: 200 when the database and a
 * configured Redis answer, else 503), both with `cache-control: no-store` and a small JSON body. Not part of
 * Answer's API; for load balancers and orchestrators (docs/OPERATIONS.md).
 */
import type { FastifyInstance } from 'fastify';
import { HealthChecks } from './health.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const checks = new HealthChecks(app.quorum, process.env.QUORUM_REDIS_URL || undefined);
  app.quorum.onClose.push(() => checks.close());

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const r = await checks.readiness();
    return reply
      .code(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: r.ready ? 'ready' : 'not ready', checks: r.checks });
  });
}
