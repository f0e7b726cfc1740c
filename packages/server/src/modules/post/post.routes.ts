/** POST /post/render: the editor's preview, rendered by the same code that renders saved posts. */
import type { FastifyInstance } from 'fastify';
import { PostRenderReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { renderMarkdown } from '../../core/markdown.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function postRoutes(app: FastifyInstance): Promise<void> {
  app.post('/answer/api/v1/post/render', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req) => {
    const { content } = parse(PostRenderReq, req.body);
    return ok(req, renderMarkdown(content));
  });
}
