/** Queries of `users` and writes of `user_sessions` (session reads for the guards: core/auth/session.repository.ts). */
import { sql, type Insertable, type Updateable } from 'kysely';
import { prepared, type Db } from '../../core/db/index.js';
import type { ActivityTable, UsersTable } from '../../core/db/schema.js';

export type { UserRow } from '../../core/auth/index.js';
import type { UserRow } from '../../core/auth/index.js';
export type NewUser = Insertable<UsersTable>;

/** A user by e-mail (case-insensitive: e-mails are stored lower-cased). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('e_mail', '=', email.toLowerCase()).executeTakeFirst();
}

/** A user by username (stored lower-case). */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

/** A user by id. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

const usersByIds = prepared((k, ids: string[]) => k.selectFrom('users').selectAll().where('id', 'in', ids));
const userById = prepared((k, id: string) => k.selectFrom('users').selectAll().where('id', '=', id));

/**
 * Users by ids (for embedding authors in lists and posts). One `in` query; on SQLite a short list is read one
 * statement per user instead: an `in` list costs SQLite a fixed ~45 us over the lookups themselves (a temporary
 * index of the list), so two users took 95 us against 48 us one by one (random users of 5,000; equal at ~20).
 */
export async function findUsersByIds(db: Db, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = db.dialect === 'sqlite' && unique.length <= ONE_BY_ONE ? (await Promise.all(unique.map((id) => userById(db, id)))).flat() : await usersByIds(db, unique);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Longest id list read one statement per user on SQLite (findUsersByIds). */
const ONE_BY_ONE = 8;

/** Inserts a user. Throws the driver's unique violation when username or e-mail is taken. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.kysely.insertInto('users').values(user).execute();
}

/** Records a login time. */
export async function touchLogin(db: Db, id: string, now: number): Promise<void> {
  await db.kysely.updateTable('users').set({ last_login_date: now }).where('id', '=', id).execute();
}

/** Stores a session by the SHA-256 of its token. */
export async function insertSession(db: Db, tokenHash: string, userId: string, now: number, expiresAt: number): Promise<void> {
  await db.kysely.insertInto('user_sessions').values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt }).execute();
}

/** Ends one session. */
export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.kysely.deleteFrom('user_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user (password change, admin reset). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.kysely.deleteFrom('user_sessions').where('user_id', '=', userId).execute();
}

/** Adds `delta` to a user's question or answer count. */
export async function bumpUserCount(db: Db, userId: string, column: 'question_count' | 'answer_count', delta: number): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** Updates columns of one user (sets `updated_at`). */
export async function updateUser(db: Db, id: string, patch: Updateable<UsersTable>, now: number): Promise<void> {
  await db.kysely.updateTable('users').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Activates a not-yet-activated user and gives the +1 reputation of an activated e-mail.
 * @returns true when this call activated the user (false when already active)
 */
export async function activateUser(db: Db, id: string, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('users')
    .set({ mail_status: 1, rank: sql`${sql.ref('rank')} + 1`, updated_at: now })
    .where('id', '=', id)
    .where('mail_status', '=', 2)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Inserts an activity row (the reputation log entry of an activation). */
export async function insertUserActivity(db: Db, row: Insertable<ActivityTable>): Promise<void> {
  await db.kysely.insertInto('activity').values(row).execute();
}

/** Ends every session of a user except one (password change keeps the caller logged in). */
export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db.kysely.deleteFrom('user_sessions').where('user_id', '=', userId).where('token_hash', '<>', keepTokenHash).execute();
}

/** Deletes expired sessions. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom('user_sessions').where('expires_at', '<=', now).execute();
}

/** Users whose username starts with `prefix` (not deleted), shortest first, at most `limit`. */
export function findUsersByUsernamePrefix(db: Db, prefix: string, limit: number): Promise<UserRow[]> {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`username like ${escaped + '%'} escape ${'\\'}`)
    .where('status', '<>', 10)
    .orderBy(sql`length(username)`)
    .orderBy('username')
    .limit(limit)
    .execute();
}
