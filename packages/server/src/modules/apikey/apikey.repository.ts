/** The only place that queries `api_keys` (migration 013). */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { ApiKeysTable } from '../../core/db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A key row with its member's username, for the admin list. */
export type ApiKeyListRow = ApiKeyRow & { username: string };

/** Stores a new key (its hash only). */
export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.kysely.insertInto('api_keys').values(row).execute();
}

/** Every key, newest first, revoked ones included. */
export function listApiKeyRows(db: Db): Promise<ApiKeyListRow[]> {
  return db.kysely
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('api_keys')
    .select((eb) => eb.fn.coalesce('users.username', eb.val('')).as('username'))
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id', 'desc')
    .execute() as Promise<ApiKeyListRow[]>;
}

/** Marks a key revoked at `now` (unix seconds); false when no unrevoked key has that id. */
export async function revokeApiKeyRow(db: Db, id: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** One key by id, or undefined. */
export function findApiKeyRow(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return db.kysely.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}


/** Renames an unrevoked key; false when no unrevoked key has that id. */
export async function renameApiKeyRow(db: Db, id: string, name: string): Promise<boolean> {
  const r = await db.kysely.updateTable('api_keys').set({ name }).where('id', '=', id).where('revoked_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
