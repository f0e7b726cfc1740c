/** Answer calls: list, info, post, edit, delete/undelete, accept. */
import type { FastifyInstance } from 'fastify';
import { AcceptAnswerReq, AnswerAddReq, AnswerListQuery, AnswerRecoverReq, AnswerUpdateReq, IdQuery, PostRemoveReq } from '@quorum/contract';
import { ok, parse, sendOkJson } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { editAnswer } from './answer.edit.js';
import { acceptAnswer, deleteAnswer, recoverAnswer } from './answer.moderation.js';
import { addAnswer, answerInfo, answerPageJson } from './answer.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  // Sent as JSON text: each answer's members shared by every reader are serialized once (answer.service.ts).
  app.get('/answer/api/v1/answer/page', async (req, reply) => sendOkJson(req, reply, await answerPageJson(ctx, parse(AnswerListQuery, req.query), await currentUser(ctx, req), req.lang)));

  app.get('/answer/api/v1/answer/info', async (req) => {
    const { id } = parse(IdQuery, req.query);
    return ok(req, await answerInfo(ctx, id, await currentUser(ctx, req), req.lang));
  });

  app.post('/answer/api/v1/answer', writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await addAnswer(ctx, user, parse(AnswerAddReq, req.body), req.lang));
  });

  // Applied: {info, question, wait_for_review: false}; suggested: {wait_for_review: true}.
  app.put('/answer/api/v1/answer', writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    const r = await editAnswer(ctx, user, parse(AnswerUpdateReq, req.body));
    if (r.mode === 'review') return ok(req, { wait_for_review: true });
    return ok(req, { ...(await answerInfo(ctx, r.answer.id, user, req.lang)), wait_for_review: false });
  });

  app.delete('/answer/api/v1/answer', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await deleteAnswer(ctx, user, parse(PostRemoveReq, req.body).id);
    return ok(req, null);
  });

  app.post('/answer/api/v1/answer/recover', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await recoverAnswer(ctx, user, parse(AnswerRecoverReq, req.body).answer_id);
    return ok(req, null);
  });

  app.post('/answer/api/v1/answer/acceptance', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await acceptAnswer(ctx, user, parse(AcceptAnswerReq, req.body));
    return ok(req, null);
  });
}
