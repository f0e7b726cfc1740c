/**
 * Admin calls for API keys: GET, POST and DELETE /answer/admin/api/api-keys (docs/API.md "Integrations"), and
 * Answer 2.0's /answer/admin/api/api-key calls on the same keys (apikey.v2.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, ApiKeyCreateReq, ApiKeyRevokeReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { apiKeyV2Routes } from './apikey.v2.routes.js';
import { createApiKey, listApiKeys, revokeApiKey } from './apikey.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get(`${ADMIN_API_PREFIX}/api-keys`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await listApiKeys(ctx));
  });

  app.post(`${ADMIN_API_PREFIX}/api-keys`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    return ok(req, await createApiKey(ctx, admin, parse(ApiKeyCreateReq, req.body)));
  });

  app.delete(`${ADMIN_API_PREFIX}/api-keys`, async (req) => {
    await requireAdmin(ctx, req);
    await revokeApiKey(ctx, parse(ApiKeyRevokeReq, req.body).id);
    return ok(req, null);
  });

  await apiKeyV2Routes(app);
}
