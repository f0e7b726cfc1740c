/**
 * API keys (docs/API.md "Integrations"): administrators create them with a scope and an optional expiry; the key
 * is shown once and only its SHA-256 is stored. A key acts as the administrator who created it, within its
 * scope: `read` makes GET calls only, `write` any call outside the admin API, `admin` everything the member may.
 * Keys start with {@link API_KEY_PREFIX}, which tells them apart from login tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiKeyCreateReq, ApiKeyScope } from '@quorum/contract';
import { ADMIN_API_PREFIX } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { fieldError, forbidden, notFound, type AppError } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/session.repository.js';
import { hashToken } from '../../core/auth/token.js';
import { findLiveApiKey, insertApiKey, listApiKeyRows, revokeApiKeyRow, touchApiKey, type ApiKeyListRow } from './apikey.repository.js';

/** What every key starts with. */
export const API_KEY_PREFIX = 'qk_';

/** A use is written at most this often per key (seconds), so a busy integration does not write on every call. */
const LAST_USE_RESOLUTION = 60;

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

/** True when a bearer token is an API key rather than a login token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
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

/** 403 `error.apikey.scope_denied`: the key's scope does not cover this call. */
export function scopeDenied(): AppError {
  return forbidden('error.apikey.scope_denied');
}

/** Whether `scope` allows `method` on `url`: read is GET/HEAD only; the admin API needs admin. */
export function scopeAllows(scope: ApiKeyScope | string, method: string, url: string): boolean {
  if (url.startsWith(`${ADMIN_API_PREFIX}/`) && scope !== 'admin') return false;
  if (scope === 'read') return method === 'GET' || method === 'HEAD';
  return scope === 'write' || scope === 'admin';
}

/**
 * The member a key acts as for one request, or undefined for an unknown, revoked or expired key. Records the use.
 * @throws 403 `error.apikey.scope_denied` when the key is live but its scope does not allow the call
 */
export async function userForApiKey(ctx: AppContext, key: string, method: string, url: string): Promise<UserRow | undefined> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const found = await findLiveApiKey(db, hashToken(key), now);
  if (!found) return undefined;
  if (!scopeAllows(found.key.scope, method.toUpperCase(), url.split('?')[0]!)) throw scopeDenied();
  if (now - Number(found.key.last_used_at) >= LAST_USE_RESOLUTION) await touchApiKey(db, found.key.id, now);
  return found.user;
}
