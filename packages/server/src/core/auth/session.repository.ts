/**
 * Session lookups every guarded request makes: the user of a token hash and the session's expiry. Sessions are
 * created and ended by the user module (modules/user/user.repository.ts); reading them belongs here, beside the
 * guards, so that no module has to import the user module to check who is calling.
 */
import type { Selectable } from 'kysely';
import { prepared, type Db } from '../db/index.js';
import type { UsersTable } from '../db/schema.js';

/** A row of `users` (spec §3 "User"). */
export type UserRow = Selectable<UsersTable>;

const sessionUserQuery = prepared((k, tokenHash: string, now: number) =>
  k
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => eb.selectFrom('user_sessions').select('expires_at').where('token_hash', '=', tokenHash).as('session_expires_at'))
    .where('id', '=', (eb) => eb.selectFrom('user_sessions').select('user_id').where('token_hash', '=', tokenHash).where('expires_at', '>', now)),
);

/**
 * The user of an unexpired session and the session's expiry (unix seconds), or undefined. Written as a lookup of
 * the user by a scalar subquery on the session's primary key rather than a join: with SQLite statistics taken
 * while the session table was tiny (`sqlite_stat1` "1 1"), the planner scanned the whole session table for the
 * join on every request (28 us at 9 sessions, growing with their number); this form always searches both primary
 * keys (6 us).
 */
export async function findSessionUser(db: Db, tokenHash: string, now: number): Promise<{ user: UserRow; expiresAt: number } | undefined> {
  const row = (await sessionUserQuery(db, tokenHash, now))[0];
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user: user as UserRow, expiresAt: Number(expiresAt) };
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
