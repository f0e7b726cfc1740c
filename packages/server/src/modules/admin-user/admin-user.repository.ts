/** Admin user management queries: the users page, status and role changes, removing a user's content. */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { UsersTable } from '../../core/db/schema.js';
import type { UserRow } from '../user/index.js';

export interface UserPageFilter {
  query: string;
  staff: boolean;
  status: '' | 'normal' | 'suspended' | 'deleted' | 'inactive';
  offset: number;
  limit: number;
  now: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of users, newest first, and the total matching.
 * Filters: `query` (substring of username, display name or e-mail, or the exact id), `staff` (admins and
 * moderators), `status` (''=all but deleted; normal, suspended, deleted, inactive = not activated).
 */
export async function pageUsers(db: Db, f: UserPageFilter): Promise<{ count: number; rows: UserRow[] }> {
  let q = db.kysely.selectFrom('users').where('is_placeholder', '=', 0);
  if (f.query) {
    const like = `%${escapeLike(f.query.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb('id', '=', f.query),
        sql<boolean>`lower(username) like ${like} escape ${'\\'}`,
        sql<boolean>`lower(display_name) like ${like} escape ${'\\'}`,
        sql<boolean>`lower(e_mail) like ${like} escape ${'\\'}`,
      ]),
    );
  }
  if (f.staff) q = q.where('role_id', 'in', [2, 3]);
  if (f.status === 'deleted') q = q.where('status', '=', 10);
  else {
    q = q.where('status', '<>', 10);
    if (f.status === 'suspended') q = q.where('status', '=', 9).where((eb) => eb.or([eb('suspended_until', 'is', null), eb('suspended_until', '=', 0), eb('suspended_until', '>', f.now)]));
    if (f.status === 'inactive') q = q.where('mail_status', '=', 2);
    if (f.status === 'normal') q = q.where('mail_status', '=', 1).where((eb) => eb.or([eb('status', '=', 1), eb.and([eb('status', '=', 9), eb('suspended_until', '>', 0), eb('suspended_until', '<=', f.now)])]));
  }
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute();
  return { count: Number(total?.n ?? 0), rows };
}

/** Updates columns of a user. */
export async function updateUserColumns(db: Db, id: string, patch: Updateable<UsersTable>, now: number): Promise<void> {
  await db.kysely.updateTable('users').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Marks every question, answer and comment of a user deleted (status 10): the "remove all content" option of
 * deleting a user (spec §4 "Admin status changes").
 */
export async function deleteAllContentOf(db: Db, userId: string, now: number): Promise<void> {
  await db.kysely.updateTable('questions').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
  await db.kysely.updateTable('answers').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
  await db.kysely.updateTable('comments').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
}

/** Existing usernames among `names`. */
export async function takenUsernames(db: Db, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db.kysely.selectFrom('users').select('username').where('username', 'in', names).execute();
  return new Set(rows.map((r) => r.username));
}

/** Existing e-mails among `emails`. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.kysely.selectFrom('users').select('e_mail').where('e_mail', 'in', emails).execute();
  return new Set(rows.map((r) => r.e_mail));
}
