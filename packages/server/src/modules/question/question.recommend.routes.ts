/** GET /question/recommend/page (and the `order=recommend` form of GET /question/page, see question.routes.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageQuery } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { ok, parse } from '../../core/http.js';
import { requireUser } from '../../core/auth/index.js';
import { recommendedPage } from './question.recommend.js';

/** Guard and paging shared by both paths: 401 without a login (Answer's rule), then `{count, list}`. */
export async function recommendedReply(ctx: AppContext, req: FastifyRequest): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const viewer = await requireUser(ctx, req);
  const { page, page_size } = parse(PageQuery, req.query);
  return recommendedPage(ctx, viewer, { page, page_size });
}

/** Fastify plugin registering GET /question/recommend/page. */
export async function recommendRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get('/answer/api/v1/question/recommend/page', async (req) => ok(req, await recommendedReply(ctx, req)));
}
