/**
 * Bounty calls (Quorum's; docs/API.md "Bounties"): POST /answer/api/v1/question/bounty (offer one),
 * POST /answer/api/v1/question/bounty/award (the offerer awards it to an answer) and
 * GET /answer/api/v1/question/bounty?question_id= (the open bounty and what the reader may do).
 */
import type { FastifyInstance } from 'fastify';
import { BountyAwardReq, BountyQuery, BountyStartReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { awardBounty, bountyState, startBounty } from './bounty.service.js';

const V1 = '/answer/api/v1';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function bountyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const limit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  app.post(`${V1}/question/bounty`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await startBounty(ctx, user, parse(BountyStartReq, req.body), req.lang));
  });

  app.post(`${V1}/question/bounty/award`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await awardBounty(ctx, user, parse(BountyAwardReq, req.body), req.lang));
  });

  app.get(`${V1}/question/bounty`, async (req) => {
    const { question_id } = parse(BountyQuery, req.query);
    return ok(req, await bountyState(ctx, question_id, await currentUser(ctx, req), req.lang));
  });
}
