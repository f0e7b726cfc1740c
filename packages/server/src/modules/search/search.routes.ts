/** Search calls: GET /search, /search/desc, /question/similar, /question/similar/tag. */
import type { FastifyInstance } from 'fastify';
import { SearchQuery, SimilarTagQuery, SimilarTitleQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser } from '../../core/auth/index.js';
import { relatedByTags, search, similarByTitle } from './search.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/search', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req) =>
    ok(req, await search(ctx, parse(SearchQuery, req.query), await currentUser(ctx, req))),
  );

  // Answer's hook for an external search engine's branding; the built-in engine has none.
  app.get('/answer/api/v1/search/desc', async (req) => ok(req, { icon: '', link: '' }));

  app.get('/answer/api/v1/question/similar', async (req) => ok(req, await similarByTitle(ctx, parse(SimilarTitleQuery, req.query).title)));

  app.get('/answer/api/v1/question/similar/tag', async (req) => {
    const { question_id, page_size } = parse(SimilarTagQuery, req.query);
    return ok(req, await relatedByTags(ctx, question_id, page_size, await currentUser(ctx, req)));
  });
}
