/** Question calls: list, info, ask. */
import type { FastifyInstance } from 'fastify';
import { IdQuery, QuestionAddReq, QuestionPageQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../user/index.js';
import { askQuestion, questionInfo, questionPage } from './question.service.js';

export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/question/page', async (req) => ok(req, await questionPage(ctx, parse(QuestionPageQuery, req.query))));

  app.get('/answer/api/v1/question/info', async (req) => {
    const { id } = parse(IdQuery, req.query);
    return ok(req, await questionInfo(ctx, id, await currentUser(ctx, req)));
  });

  app.post('/answer/api/v1/question', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    const input = parse(QuestionAddReq, req.body);
    const id = await askQuestion(ctx, user, input);
    return ok(req, await questionInfo(ctx, id, user));
  });
}
