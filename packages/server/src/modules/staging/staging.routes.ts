/**
 * Staging ground calls (Quorum's; docs/API.md "Staging ground"): GET /answer/api/v1/staging/question?question_id=
 * (the staged question, its feedback and what the reader may do), POST /answer/api/v1/staging/comment,
 * /staging/changes, /staging/approve and /staging/queue (a reviewer's comment and decisions; the asker may comment
 * too), GET /answer/api/v1/staging/page (the reviewers' queue) and GET /answer/admin/api/staging/stats (the
 * dashboard's figures, administrators only). The asker's edits use the ordinary PUT /question; this plugin also
 * subscribes to its `post.edited` event (staging.service.ts onStagedEdit).
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, StagingChangesReq, StagingCommentReq, StagingDecisionReq, StagingPageQuery, StagingQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { eventBus } from '../../core/events.js';
import { currentUser, requireActiveUser, requireAdmin } from '../../core/auth/index.js';
import { approveStaged, commentStaged, onStagedEdit, requestChanges, sendToQueue, stagingQueuePage, stagingStats, stagingView } from './staging.service.js';

const V1 = '/answer/api/v1';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function stagingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const limit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  eventBus(ctx).onDomain((e) => onStagedEdit(ctx, e));

  app.get(`${V1}/staging/question`, async (req) => {
    const { question_id } = parse(StagingQuery, req.query);
    return ok(req, await stagingView(ctx, question_id, await currentUser(ctx, req)));
  });

  app.get(`${V1}/staging/page`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await stagingQueuePage(ctx, user, parse(StagingPageQuery, req.query)));
  });

  app.post(`${V1}/staging/comment`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await commentStaged(ctx, user, parse(StagingCommentReq, req.body)));
  });

  app.post(`${V1}/staging/changes`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await requestChanges(ctx, user, parse(StagingChangesReq, req.body)));
  });

  app.post(`${V1}/staging/approve`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await approveStaged(ctx, user, parse(StagingDecisionReq, req.body)));
  });

  app.post(`${V1}/staging/queue`, limit, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await sendToQueue(ctx, user, parse(StagingDecisionReq, req.body)));
  });

  app.get(`${ADMIN_API_PREFIX}/staging/stats`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await stagingStats(ctx));
  });
}
