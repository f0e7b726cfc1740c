/** Question calls: list, info, ask, edit, delete/undelete, close/reopen, pin/hide, linked questions. */
import type { FastifyInstance } from 'fastify';
import {
  IdQuery, PostRemoveReq, QuestionAddReq, QuestionCloseReq, QuestionLinkQuery, QuestionOperationReq, QuestionPageQuery, QuestionRecoverReq,
  QuestionReopenReq, QuestionUpdateReq,
} from '@quorum/contract';
import { ok, parse, sendOkJson } from '../../core/http.js';
import { microGet, microSet } from '../../core/microcache.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { editQuestion } from './question.edit.js';
import { closeQuestion, deleteQuestion, operateQuestion, recoverQuestion, reopenQuestion } from './question.moderation.js';
import { recommendedReply } from './question.recommend.routes.js';
import { askQuestion, linkedQuestionPage, questionInfo, questionInfoJson, questionPage } from './question.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  // The list is the same for every visitor: its serialized envelope is kept in the micro-cache by language and the
  // parameters the list reads (the parsed query, in the schema's order): junk parameters or another spelling of
  // the same page share one entry instead of each adding one.
  app.get('/answer/api/v1/question/page', async (req, reply) => {
    if ((req.query as { order?: unknown }).order === 'recommend') return ok(req, await recommendedReply(ctx, req));
    const query = parse(QuestionPageQuery, req.query);
    const key = `json:${req.lang}:question/page:${JSON.stringify(query)}`;
    let body = microGet<string>(key);
    if (body === undefined) {
      body = JSON.stringify(ok(req, await questionPage(ctx, query)));
      microSet(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // Sent as JSON text: the part of the info every reader shares is serialized once (question.service.ts).
  app.get('/answer/api/v1/question/info', async (req, reply) => {
    const { id } = parse(IdQuery, req.query);
    return sendOkJson(req, reply, await questionInfoJson(ctx, id, await currentUser(ctx, req), req.lang));
  });

  app.post('/answer/api/v1/question', writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    const input = parse(QuestionAddReq, req.body);
    const id = await askQuestion(ctx, user, input);
    return ok(req, await questionInfo(ctx, id, user, req.lang));
  });

  // Answer's shapes: the question when the edit is applied, {url_title, wait_for_review: true} when it waits for review.
  app.put('/answer/api/v1/question', writeLimit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    const input = parse(QuestionUpdateReq, req.body);
    const r = await editQuestion(ctx, user, input);
    if (r.mode === 'review') return ok(req, { url_title: r.urlTitle, wait_for_review: true });
    return ok(req, { ...(await questionInfo(ctx, input.id, user, req.lang)), wait_for_review: false });
  });

  app.delete('/answer/api/v1/question', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await deleteQuestion(ctx, user, parse(PostRemoveReq, req.body).id);
    return ok(req, null);
  });

  app.post('/answer/api/v1/question/recover', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await recoverQuestion(ctx, user, parse(QuestionRecoverReq, req.body).question_id);
    return ok(req, null);
  });

  app.put('/answer/api/v1/question/status', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await closeQuestion(ctx, user, parse(QuestionCloseReq, req.body));
    return ok(req, null);
  });

  app.put('/answer/api/v1/question/reopen', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await reopenQuestion(ctx, user, parse(QuestionReopenReq, req.body).question_id);
    return ok(req, null);
  });

  app.put('/answer/api/v1/question/operation', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await operateQuestion(ctx, user, parse(QuestionOperationReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/question/link', async (req) => {
    const q = parse(QuestionLinkQuery, req.query);
    return ok(req, await linkedQuestionPage(ctx, q, await currentUser(ctx, req)));
  });
}
