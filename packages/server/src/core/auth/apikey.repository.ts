/** Request-time reads of API keys (the keys themselves are managed by modules/apikey). */
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { ApiKeysTable } from '../db/schema.js';
import type { UserRow } from './session.repository.js';

/** A row of `api_keys`. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/**
 * The live key of a hash (not revoked, not expired at `now`) and its member, or undefined. Read from the
 * database on every call: a revocation takes effect on the next request on every node.
 */
export async function findLiveApiKey(db: Db, keyHash: string, now: number): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const key = await db.kysely
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', '=', 0)
    .where((eb) => eb.or([eb('expires_at', '=', 0), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  if (!key) return undefined;
  const user = await db.kysely.selectFrom('users').selectAll().where('id', '=', key.user_id).executeTakeFirst();
  return user ? { key, user } : undefined;
}

/** Records a use of the key at `now`. */
export async function touchApiKey(db: Db, id: string, now: number): Promise<void> {
  await db.kysely.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
