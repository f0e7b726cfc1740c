/** Bookmark call (spec §7: POST /collection/switch). */
import type { FastifyInstance } from 'fastify';
import { CollectionSwitchReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { switchBookmark } from './collection.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.post('/answer/api/v1/collection/switch', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await switchBookmark(ctx, user, parse(CollectionSwitchReq, req.body)));
  });
}
