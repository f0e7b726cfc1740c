/** GET /reasons (and the admin copy): the reasons a dialog offers. */
import type { FastifyInstance } from 'fastify';
import { ReasonQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../user/index.js';
import { presentReason, reasonsFor } from './reason.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function reasonRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const handler = async (req: Parameters<typeof requireActiveUser>[1]) => {
    await requireActiveUser(ctx, req);
    const q = parse(ReasonQuery, req.query);
    return ok(req, reasonsFor(q.object_type, q.action).map((r) => presentReason(r, req.lang)));
  };
  app.get('/answer/api/v1/reasons', handler);
  app.get('/answer/admin/api/reasons', handler);
}
