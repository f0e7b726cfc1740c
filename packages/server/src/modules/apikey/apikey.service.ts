/**
 * API keys (docs/API.md "Integrations"): administrators create them with a scope and an optional expiry; the key
 * is shown once and only its SHA-256 is stored. A key acts as the administrator who created it, within its
 * scope: `read` makes GET calls only, `write` any call outside the admin API, `admin` everything the member may.
 * Keys start with {@link API_KEY_PREFIX}, which tells them apart from login tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiKeyCreateReq } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { fieldError, notFound } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/session.repository.js';
import { hashToken } from '../../core/auth/token.js';
import { API_KEY_PREFIX } from '../../core/auth/apikey.js';
import { insertApiKey, listApiKeyRows, revokeApiKeyRow, type ApiKeyListRow } from './apikey.repository.js';

export { API_KEY_PREFIX, isApiKey, scopeAllows, scopeDenied, userForApiKey } from '../../core/auth/apikey.js';

/** A key as the admin list shows it (never the key or its hash). */
export interface ApiKeyInfo {
  id: string;
  name: string;
  scope: string;
  key_prefix: string;
  user_id: string;
  username: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number;
}

function present(r: ApiKeyListRow): ApiKeyInfo {
  return {
    id: r.id, name: r.name, scope: r.scope, key_prefix: r.key_prefix, user_id: r.user_id, username: r.username,
    created_at: Number(r.created_at), expires_at: Number(r.expires_at), last_used_at: Number(r.last_used_at), revoked_at: Number(r.revoked_at),
  };
}

/**
 * Creates a key acting as `admin`.
 * @returns the key's list entry and `key`, the only time the key itself is given out
 * @throws 400 field error on `expires_at` when it is not in the future
 */
export async function createApiKey(ctx: AppContext, admin: UserRow, req: ApiKeyCreateReq): Promise<ApiKeyInfo & { key: string }> {
  const now = nowSeconds();
  if (req.expires_at !== 0 && req.expires_at <= now) throw fieldError('expires_at', 'error.form.is_invalid');
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = {
    id: randomUUID().replace(/-/g, ''), name: req.name, user_id: admin.id, scope: req.scope, key_hash: hashToken(key),
    key_prefix: key.slice(0, 10), created_at: now, expires_at: req.expires_at, last_used_at: 0, revoked_at: 0,
  };
  await insertApiKey(requireDb(ctx), row);
  return { ...present({ ...row, username: admin.username }), key };
}

/** Every key, newest first, with last use and revocation times (unix seconds, 0 = never). */
export async function listApiKeys(ctx: AppContext): Promise<ApiKeyInfo[]> {
  return (await listApiKeyRows(requireDb(ctx))).map(present);
}

/**
 * Revokes a key; the next request with it is refused on every node (keys are read from the database on each use).
 * @throws 404 when no unrevoked key has that id
 */
export async function revokeApiKey(ctx: AppContext, id: string): Promise<void> {
  if (!(await revokeApiKeyRow(requireDb(ctx), id, nowSeconds()))) throw notFound();
}

