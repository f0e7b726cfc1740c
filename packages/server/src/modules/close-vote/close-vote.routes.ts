/**
 * Close and reopen votes (contract schemas/close-vote.ts): POST /question/close-vote (vote to close with a reason),
 * POST /question/reopen-vote, DELETE /question/close-vote and DELETE /question/reopen-vote (retract the caller's
 * vote of the round), POST /question/close-vote/leave-open and GET /question/close-vote/page (the review queue).
 * Votes answer `{decided, status, close_votes}`.
 */
import type { FastifyInstance } from 'fastify';
import { CloseVoteLeaveOpenReq, CloseVotePageQuery, CloseVoteQuestionReq, CloseVoteReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { castVote, retractVote } from './close-vote.service.js';
import { closeVoteQueuePage } from './close-vote.queue.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function closeVoteRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.post('/answer/api/v1/question/close-vote', async (req) => {
    const user = await requireActiveUser(ctx, req);
    const input = parse(CloseVoteReq, req.body);
    return ok(req, await castVote(ctx, user, 'close', input.question_id, input, req.lang));
  });

  app.delete('/answer/api/v1/question/close-vote', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await retractVote(ctx, user, parse(CloseVoteQuestionReq, req.body).question_id, req.lang));
  });

  app.post('/answer/api/v1/question/reopen-vote', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await castVote(ctx, user, 'reopen', parse(CloseVoteQuestionReq, req.body).question_id, undefined, req.lang));
  });

  app.delete('/answer/api/v1/question/reopen-vote', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await retractVote(ctx, user, parse(CloseVoteQuestionReq, req.body).question_id, req.lang));
  });

  app.post('/answer/api/v1/question/close-vote/leave-open', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await castVote(ctx, user, 'leave_open', parse(CloseVoteLeaveOpenReq, req.body).question_id, undefined, req.lang));
  });

  app.get('/answer/api/v1/question/close-vote/page', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await closeVoteQueuePage(ctx, user, parse(CloseVotePageQuery, req.query), req.lang));
  });
}
