/**
 * Session lookups every guarded request makes: the user of a token hash and the session's expiry. Sessions are
 * created and ended by the user module (modules/user/user.repository.ts); reading them belongs here, beside the
 * guards, so that no module has to import the user module to check who is calling.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { UsersTable } from '../db/schema.js';

/** A row of `users` (spec §3 "User"). */
export type UserRow = Selectable<UsersTable>;

/** The user of an unexpired session, or undefined. */
export function findSessionUser(db: Db, tokenHash: string, now: number): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .selectAll('users')
    .where('user_sessions.token_hash', '=', tokenHash)
    .where('user_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** The expiry (unix seconds) of an unexpired session, or undefined when it is unknown or over. */
export async function findSessionExpiry(db: Db, tokenHash: string, now: number): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('user_sessions')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? Number(row.expires_at) : undefined;
}
