/** Revision calls: history, edit check, review of suggested edits (their count: GET /reviewing/type, modules/review). */
import type { FastifyInstance } from 'fastify';
import { IdQuery, RevisionAuditReq, RevisionListQuery, UnreviewedRevisionQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../user/index.js';
import { auditRevision, checkEditable, revisionHistory, unreviewedRevisions } from './revision.review.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function revisionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/revisions', async (req) => {
    const { object_id } = parse(RevisionListQuery, req.query);
    return ok(req, await revisionHistory(ctx, object_id, await currentUser(ctx, req)));
  });

  app.get('/answer/api/v1/revisions/edit/check', async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await checkEditable(ctx, user, parse(IdQuery, req.query).id));
  });

  app.put('/answer/api/v1/revisions/audit', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await auditRevision(ctx, user, parse(RevisionAuditReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/revisions/unreviewed', async (req) => {
    const user = await requireActiveUser(ctx, req);
    const q = parse(UnreviewedRevisionQuery, req.query);
    return ok(req, await unreviewedRevisions(ctx, user, q.page, q.page_size));
  });
}
