/** Tag calls served so far: editor autocomplete. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../core/http.js';
import { suggestTags } from './tag.service.js';

export async function tagRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get('/answer/api/v1/question/tags', async (req) => {
    const { tag } = parse(z.object({ tag: z.string().trim().max(35).default('') }), req.query);
    return ok(req, await suggestTags(ctx, tag));
  });
}
