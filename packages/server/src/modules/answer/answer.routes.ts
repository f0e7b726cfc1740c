/** Answer calls: list and post. */
import type { FastifyInstance } from 'fastify';
import { AnswerAddReq, AnswerPageQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../user/index.js';
import { addAnswer, answerPage } from './answer.service.js';

export async function answerRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/answer/page', async (req) => ok(req, await answerPage(ctx, parse(AnswerPageQuery, req.query), await currentUser(ctx, req))));

  app.post('/answer/api/v1/answer', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await addAnswer(ctx, user, parse(AnswerAddReq, req.body)));
  });
}
