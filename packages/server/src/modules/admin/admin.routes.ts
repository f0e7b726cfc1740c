/**
 * Admin console calls (admins only): GET /answer/admin/api/dashboard, GET /answer/admin/api/question/page and
 * /answer/page, PUT /answer/admin/api/question/status and /answer/status.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, AdminAnswerPageQuery, AdminAnswerStatusReq, AdminQuestionPageQuery, AdminQuestionStatusReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { changeAnswerStatus, changeQuestionStatus, listAnswers, listQuestions } from './content.service.js';
import { dashboardInfo } from './dashboard.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get(`${ADMIN_API_PREFIX}/dashboard`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, { info: await dashboardInfo(ctx) });
  });

  app.get(`${ADMIN_API_PREFIX}/question/page`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await listQuestions(ctx, parse(AdminQuestionPageQuery, req.query)));
  });

  app.get(`${ADMIN_API_PREFIX}/answer/page`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await listAnswers(ctx, parse(AdminAnswerPageQuery, req.query)));
  });

  app.put(`${ADMIN_API_PREFIX}/question/status`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const changed = await changeQuestionStatus(ctx, admin, parse(AdminQuestionStatusReq, req.body), req.lang);
    return ok(req, { count: changed });
  });

  app.put(`${ADMIN_API_PREFIX}/answer/status`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const changed = await changeAnswerStatus(ctx, admin, parse(AdminAnswerStatusReq, req.body));
    return ok(req, { count: changed });
  });
}
