/** DELETE /answer/admin/api/delete/permanently `{type: users | questions | answers}` (admins only; trash.service.ts). */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, DeletePermanentlyReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { emptyTrash } from './trash.service.js';

/** Fastify plugin registering the call listed in this file's header; services come from `app.quorum`. */
export async function trashRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.delete(`${ADMIN_API_PREFIX}/delete/permanently`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    return ok(req, await emptyTrash(ctx, admin, parse(DeletePermanentlyReq, req.body).type));
  });
}
