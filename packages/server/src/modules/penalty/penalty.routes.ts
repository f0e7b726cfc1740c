/**
 * Penalty calls (Quorum's; docs/API.md "Penalties"): for administrators POST /admin/api/user/penalty (silence or
 * suspend), PUT /admin/api/user/penalty/lift and GET /admin/api/user/penalties (history); for a logged-in member
 * GET /user/penalty (their own penalties in force, with the reasons, for the silenced notice).
 */
import type { FastifyInstance } from 'fastify';
import { PenaltyImposeReq, PenaltyLiftReq, PenaltyListQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin, requireUser } from '../../core/auth/index.js';
import { imposePenalty, liftPenalty, ownPenalties, penaltyHistory } from './penalty.service.js';

const ADMIN = '/answer/admin/api';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function penaltyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.post(`${ADMIN}/user/penalty`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    return ok(req, { id: await imposePenalty(ctx, admin, parse(PenaltyImposeReq, req.body)) });
  });

  app.put(`${ADMIN}/user/penalty/lift`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { user_id, kind } = parse(PenaltyLiftReq, req.body);
    return ok(req, { lifted: await liftPenalty(ctx, admin, user_id, kind) });
  });

  app.get(`${ADMIN}/user/penalties`, async (req) => {
    await requireAdmin(ctx, req);
    const { user_id } = parse(PenaltyListQuery, req.query);
    return ok(req, await penaltyHistory(ctx, user_id));
  });

  app.get('/answer/api/v1/user/penalty', async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await ownPenalties(ctx, user));
  });
}
