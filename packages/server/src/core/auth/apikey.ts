/**
 * API keys as credentials (docs/API.md "Integrations"): a bearer token starting with {@link API_KEY_PREFIX} is a
 * key, looked up by its SHA-256 on every request (a revocation applies at once on every node) and allowed only
 * what its scope covers: `read` makes GET calls only, `write` any call outside the admin API, `admin` everything
 * the member may. Creating, listing and revoking keys is modules/apikey.
 */
import type { ApiKeyScope } from '@quorum/contract';
import { ADMIN_API_PREFIX } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../context.js';
import { forbidden, type AppError } from '../errors.js';
import { findLiveApiKey, touchApiKey } from './apikey.repository.js';
import type { UserRow } from './session.repository.js';
import { hashToken } from './token.js';

/** What every key starts with. */
export const API_KEY_PREFIX = 'qk_';

/** A use is written at most this often per key (seconds), so a busy integration does not write on every call. */
const LAST_USE_RESOLUTION = 60;

/** True when a bearer token is an API key rather than a login token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** 403 `error.apikey.scope_denied`: the key's scope does not cover this call. */
export function scopeDenied(): AppError {
  return forbidden('error.apikey.scope_denied');
}

/**
 * Whether `scope` allows `method` on `path`: read is GET/HEAD only; the admin API needs admin.
 * @param path the path decided on (core/requestpath.ts `decisionPath`), never the raw URL: `/%61nswer/admin/...`
 *   reaches the admin API too
 */
export function scopeAllows(scope: ApiKeyScope | string, method: string, path: string): boolean {
  if (path.startsWith(`${ADMIN_API_PREFIX}/`) && scope !== 'admin') return false;
  if (scope === 'read') return method === 'GET' || method === 'HEAD';
  return scope === 'write' || scope === 'admin';
}

/**
 * The member a key acts as for one request, or undefined for an unknown, revoked or expired key. Records the use.
 * @throws 403 `error.apikey.scope_denied` when the key is live but its scope does not allow the call
 */
export async function userForApiKey(ctx: AppContext, key: string, method: string, path: string): Promise<UserRow | undefined> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const found = await findLiveApiKey(db, hashToken(key), now);
  if (!found) return undefined;
  if (!scopeAllows(found.key.scope, method.toUpperCase(), path)) throw scopeDenied();
  if (now - Number(found.key.last_used_at) >= LAST_USE_RESOLUTION) await touchApiKey(db, found.key.id, now);
  return found.user;
}
