/**
 * GET /reasons (any active user) and GET /admin/api/reasons (administrators only, like every admin call:
 * spec §2 "Admin routes"): the reasons a dialog offers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ReasonQuery } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser, requireAdmin } from '../../core/auth/index.js';
import { presentReason, reasonsFor } from './reason.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function reasonRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const list = (guard: (ctx: AppContext, req: FastifyRequest) => Promise<unknown>) => async (req: FastifyRequest) => {
    await guard(ctx, req);
    const q = parse(ReasonQuery, req.query);
    return ok(req, reasonsFor(q.object_type, q.action).map((r) => presentReason(r, req.lang)));
  };
  app.get('/answer/api/v1/reasons', list(requireActiveUser));
  app.get('/answer/admin/api/reasons', list(requireAdmin));
}
