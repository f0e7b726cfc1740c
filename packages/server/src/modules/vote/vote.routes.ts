/** POST /vote/up and /vote/down. */
import type { FastifyInstance } from 'fastify';
import { VoteReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { vote } from './vote.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function voteRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const limit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  for (const dir of ['up', 'down'] as const) {
    app.post(`/answer/api/v1/vote/${dir}`, limit, async (req) => {
      const user = await requireActiveUser(ctx, req);
      return ok(req, await vote(ctx, user, dir, parse(VoteReq, req.body)));
    });
  }
}
