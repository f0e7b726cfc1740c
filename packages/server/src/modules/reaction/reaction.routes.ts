/** Reaction calls (Answer 1.4: GET/PUT /meta/reaction) and the batched read (Quorum extension). */
import type { FastifyInstance } from 'fastify';
import { ReactionBatchQuery, ReactionQuery, ReactionUpdateReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { getReactions, getReactionsBatch, updateReaction } from './reaction.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function reactionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const base = '/answer/api/v1/meta/reaction';

  app.get(base, async (req) => ok(req, await getReactions(ctx, parse(ReactionQuery, req.query).object_id, await currentUser(ctx, req))));

  app.get(`${base}/batch`, async (req) => ok(req, await getReactionsBatch(ctx, parse(ReactionBatchQuery, req.query).object_ids, await currentUser(ctx, req))));

  app.put(base, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await updateReaction(ctx, user, parse(ReactionUpdateReq, req.body)));
  });
}
