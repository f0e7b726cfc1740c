/**
 * Review queue calls: GET /review/pending/post/page and PUT /review/pending/post (queued posts), GET
 * /review/pending/user/page and PUT /review/pending/user (queued sign-ups, Quorum), GET /reviewing/type (every
 * queue the caller may work on with its count: suggested edits for reviewers by privilege, flags and queued posts
 * and users for moderators).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PendingPostPageQuery, PendingPostReviewReq, PendingUserPageQuery, PendingUserReviewReq, REVIEWING_TYPES } from '@quorum/contract';
import { requireDb } from '../../core/context.js';
import { forbidden } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { isModerator } from '../privilege/index.js';
import { translate } from '../../core/i18n.js';
import { flagCounts } from '../report/index.js';
// Imported from its file: revision.review uses the question and answer modules, which use the revision index.
import { suggestedEditCount } from '../revision/revision.review.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { decidePendingPost, pendingPostPage, queuedCounts } from './review.service.js';
import { decidePendingUser, pendingUserPage } from './review.users.js';
import { closeVoteQueueCounts } from '../close-vote/close-vote.queue.js';
import { stagingQueueCounts } from '../staging/staging.service.js';

/** Active moderators and administrators only: 403 `error.object.no_permission` before the body is read. */
async function requireModerator(ctx: FastifyInstance['quorum'], req: FastifyRequest) {
  const user = await requireActiveUser(ctx, req);
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
  return user;
}

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/review/pending/post/page', async (req) => {
    const user = await requireModerator(ctx, req);
    return ok(req, await pendingPostPage(ctx, user, parse(PendingPostPageQuery, req.query), req.lang));
  });

  app.put('/answer/api/v1/review/pending/post', async (req) => {
    const user = await requireModerator(ctx, req);
    await decidePendingPost(ctx, user, parse(PendingPostReviewReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/review/pending/user/page', async (req) => {
    const user = await requireModerator(ctx, req);
    return ok(req, await pendingUserPage(ctx, user, parse(PendingUserPageQuery, req.query), req.lang));
  });

  app.put('/answer/api/v1/review/pending/user', async (req) => {
    const user = await requireModerator(ctx, req);
    await decidePendingUser(ctx, user, parse(PendingUserReviewReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/reviewing/type', async (req) => {
    const user = await requireActiveUser(ctx, req);
    requireDb(ctx);
    const counts = [...(await suggestedEditCount(ctx, user)), ...(await flagCounts(ctx, user)), ...(await queuedCounts(ctx, user)), ...(await closeVoteQueueCounts(ctx, user)), ...(await stagingQueueCounts(ctx, user))];
    const order = (n: string) => REVIEWING_TYPES.indexOf(n as (typeof REVIEWING_TYPES)[number]);
    return ok(req, counts.sort((a, b) => order(a.name) - order(b.name)).map((c) => ({ ...c, label: translate(`review_type.${c.name}`, req.lang) })));
  });
}
