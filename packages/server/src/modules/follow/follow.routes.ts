/** Follow call (spec §7: POST /follow). Tag lists (PUT /follow/tags, GET /tags/following) live in modules/tag. */
import type { FastifyInstance } from 'fastify';
import { FollowReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { follow } from './follow.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function followRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.post('/answer/api/v1/follow', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await follow(ctx, user, parse(FollowReq, req.body)));
  });
}
