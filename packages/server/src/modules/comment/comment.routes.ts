/** Comment calls (spec §7 "Comments, votes, follow, reports"), plus the batched read of the question page. */
import type { FastifyInstance } from 'fastify';
import { CommentAddReq, CommentBatchQuery, CommentPageQuery, CommentRemoveReq, CommentUpdateReq, IdQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { addComment, commentBatch, commentInfo, commentPage, removeComment, updateComment } from './comment.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function commentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const base = '/answer/api/v1/comment';
  const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  app.get(`${base}/page`, async (req) => ok(req, await commentPage(ctx, parse(CommentPageQuery, req.query), await currentUser(ctx, req), req.lang)));

  app.get(`${base}/batch`, async (req) => ok(req, await commentBatch(ctx, parse(CommentBatchQuery, req.query), await currentUser(ctx, req), req.lang)));

  app.get(base, async (req) => ok(req, await commentInfo(ctx, parse(IdQuery, req.query).id, await currentUser(ctx, req), req.lang)));

  app.post(base, writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await addComment(ctx, user, parse(CommentAddReq, req.body), req.lang));
  });

  app.put(base, writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await updateComment(ctx, user, parse(CommentUpdateReq, req.body), req.lang));
  });

  app.delete(base, writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await removeComment(ctx, user, parse(CommentRemoveReq, req.body).comment_id);
    return ok(req, null);
  });
}
