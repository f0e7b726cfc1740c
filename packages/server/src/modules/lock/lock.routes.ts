/**
 * Lock and protection calls (Quorum's; docs/API.md "Locks and protection"): POST and DELETE
 * /answer/api/v1/post/lock (moderators: lock a question or an answer, end the lock), POST and DELETE
 * /answer/api/v1/question/protect (the protect privilege). DELETE calls take their fields from the query or a
 * JSON body. The settings are the admin section `locks` (GET and PUT /answer/admin/api/siteinfo/locks).
 */
import type { FastifyInstance } from 'fastify';
import { PostLockReq, PostUnlockReq, QuestionProtectReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { lockPost, unlockPost } from './lock.service.js';
import { protectQuestion, unprotectQuestion } from './lock.protect.js';

const V1 = '/answer/api/v1';
const withQuery = (req: { body: unknown; query: unknown }): Record<string, unknown> => ({ ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) });

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function lockRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.post(`${V1}/post/lock`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await lockPost(ctx, user, parse(PostLockReq, req.body), req.lang));
  });

  app.delete(`${V1}/post/lock`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await unlockPost(ctx, user, parse(PostUnlockReq, withQuery(req)).object_id);
    return ok(req, { unlocked: true });
  });

  app.post(`${V1}/question/protect`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await protectQuestion(ctx, user, parse(QuestionProtectReq, withQuery(req)).question_id, req.lang));
  });

  app.delete(`${V1}/question/protect`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, { unprotected: await unprotectQuestion(ctx, user, parse(QuestionProtectReq, withQuery(req)).question_id) });
  });
}
