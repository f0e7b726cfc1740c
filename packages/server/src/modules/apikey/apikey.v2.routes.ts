/**
 * Answer 2.0's API-key calls (admins only), served beside Quorum's /api-keys on the same keys (issue #40 item 2):
 * - GET /answer/admin/api/api-key/all: the live keys (not revoked, not expired) as Answer's GetAPIKeyResp
 *   `{id, access_key, description, scope, created_at, last_used_at}` (unix seconds; `access_key` masked: Quorum
 *   keeps only the key's first characters and its hash, so the mask shows those and eight `*`);
 * - POST /answer/admin/api/api-key `{description, scope}` -> `{access_key}`, the one time the key is shown;
 * - PUT /answer/admin/api/api-key `{id, description}` renames a key; DELETE with `{id}` revokes it.
 * Scopes: 2.x's `read-only` is Quorum's `read` (GET calls only) and `global` is `write` (reads and writes outside
 * the admin API, which is what a 2.x key may do); a Quorum `write` or `admin` key lists as `global`. `id` is
 * Quorum's key id, a string, which 2.x's client only passes back.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, ApiKeyAddV2Req, ApiKeyDeleteV2Req, ApiKeyUpdateV2Req } from '@quorum/contract';
import { nowSeconds, requireDb } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { renameApiKeyRow } from './apikey.repository.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyInfo } from './apikey.service.js';

/** One key as Answer 2.0.2's GetAPIKeyResp. */
export interface ApiKeyV2 {
  id: string;
  access_key: string;
  description: string;
  scope: 'read-only' | 'global';
  created_at: number;
  last_used_at: number;
}

function present(k: ApiKeyInfo): ApiKeyV2 {
  return { id: k.id, access_key: `${k.key_prefix.slice(0, 7)}${'*'.repeat(8)}`, description: k.name, scope: k.scope === 'read' ? 'read-only' : 'global', created_at: k.created_at, last_used_at: k.last_used_at };
}

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function apiKeyV2Routes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get(`${ADMIN_API_PREFIX}/api-key/all`, async (req) => {
    await requireAdmin(ctx, req);
    const now = nowSeconds();
    const live = (await listApiKeys(ctx)).filter((k) => k.revoked_at === 0 && (k.expires_at === 0 || k.expires_at > now));
    return ok(req, live.map(present));
  });

  app.post(`${ADMIN_API_PREFIX}/api-key`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const input = parse(ApiKeyAddV2Req, req.body);
    const created = await createApiKey(ctx, admin, { name: input.description, scope: input.scope === 'read-only' ? 'read' : 'write', expires_at: 0 });
    return ok(req, { access_key: created.key });
  });

  app.put(`${ADMIN_API_PREFIX}/api-key`, async (req) => {
    await requireAdmin(ctx, req);
    const input = parse(ApiKeyUpdateV2Req, req.body);
    if (!(await renameApiKeyRow(requireDb(ctx), input.id, input.description))) throw notFound();
    return ok(req, null);
  });

  app.delete(`${ADMIN_API_PREFIX}/api-key`, async (req) => {
    await requireAdmin(ctx, req);
    await revokeApiKey(ctx, parse(ApiKeyDeleteV2Req, req.body).id);
    return ok(req, null);
  });
}
