/**
 * Community wiki call (Quorum's; docs/API.md "Community wiki"): PUT /post/wiki `{object_id, wiki}` for the post's
 * author (only `wiki: true`) and moderators. Posting as wiki is the `wiki` field of POST /question and POST /answer.
 */
import type { FastifyInstance } from 'fastify';
import { PostWikiReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { setPostWiki } from './wiki.service.js';

/** Fastify plugin registering the call listed in this file's header; services come from `app.quorum`. */
export async function wikiRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.put('/answer/api/v1/post/wiki', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await setPostWiki(ctx, user, parse(PostWikiReq, req.body)));
  });
}
