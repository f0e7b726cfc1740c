/**
 * Flag calls: POST /report (active members with the flag privilege; 20 a minute per address), GET
 * /report/unreviewed/post and /report/unreviewed/user, PUT /report/review (moderators and administrators), PUT
 * /admin/api/report (administrators), GET /report/flags?object_ids= (Quorum: the viewer's flags and, for
 * moderators, counts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminReportReq, ReportAddReq, ReportPageQuery, ReportReviewReq } from '@quorum/contract';
import { z } from 'zod';
import { forbidden } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { isModerator } from '../privilege/index.js';
import { requireActiveUser, requireAdmin } from '../../core/auth/index.js';
import { flagStateOf, flaggedPostPage, flaggedUserPage } from './report.list.js';
import { addReport, adminReport, reviewReport } from './report.service.js';

const FlagStateQuery = z.object({ object_ids: z.string({ error: 'error.form.cannot_be_empty' }).transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))].slice(0, 100)) });

/** Active moderators and administrators only: 403 `error.object.no_permission` before the body is read. */
async function requireModerator(ctx: FastifyInstance['quorum'], req: FastifyRequest) {
  const user = await requireActiveUser(ctx, req);
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
  return user;
}

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  // Flagging writes a row for moderators to read and can be scripted: limited per address like other writes.
  app.post('/answer/api/v1/report', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await addReport(ctx, user, parse(ReportAddReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/report/unreviewed/post', async (req) => {
    const user = await requireModerator(ctx, req);
    return ok(req, await flaggedPostPage(ctx, user, parse(ReportPageQuery, req.query), req.lang));
  });

  app.get('/answer/api/v1/report/unreviewed/user', async (req) => {
    const user = await requireModerator(ctx, req);
    return ok(req, await flaggedUserPage(ctx, user, parse(ReportPageQuery, req.query), req.lang));
  });

  app.put('/answer/api/v1/report/review', async (req) => {
    const user = await requireModerator(ctx, req);
    await reviewReport(ctx, user, parse(ReportReviewReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/report/flags', async (req) => {
    const user = await requireActiveUser(ctx, req);
    const { flagged, counts } = await flagStateOf(ctx, user, parse(FlagStateQuery, req.query).object_ids);
    return ok(req, { flagged: [...flagged], counts: Object.fromEntries(counts) });
  });

  app.put('/answer/admin/api/report', async (req) => {
    const admin = await requireAdmin(ctx, req);
    await adminReport(ctx, admin, parse(AdminReportReq, req.body));
    return ok(req, null);
  });
}
