/** Admin user management queries: the users page, status and role changes, removing a user's content. */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { UsersTable } from '../../core/db/schema.js';
import type { UserRow } from '../../core/auth/index.js';

export interface UserPageFilter {
  query: string;
  staff: boolean;
  status: '' | 'normal' | 'suspended' | 'deleted' | 'inactive' | 'pending';
  offset: number;
  limit: number;
  now: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of users, newest first, and the total matching.
 * Filters: `query` (substring of username, display name or e-mail, or the exact id), `staff` (admins and
 * moderators), `status` (''=all but deleted; normal, suspended, deleted, inactive = not activated, pending = sign-up awaiting
 * approval).
 */
export async function pageUsers(db: Db, f: UserPageFilter): Promise<{ count: number; rows: UserRow[] }> {
  let q = db.kysely.selectFrom('users');
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
    if (f.status === 'pending') q = q.where('status', '=', 11);
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
 * deleting a user (spec §4 "Admin status changes"), then recounts what those posts were counted in: the answer
 * counts (and accepted answers) of the questions the user answered, the question counts of the tags of the user's
 * questions, and the user's own question and answer counts. Run inside the caller's transaction.
 */
export async function deleteAllContentOf(db: Db, userId: string, now: number): Promise<void> {
  const k = db.kysely;
  const questions = await k.selectFrom('questions').select('id').where('user_id', '=', userId).where('status', '<>', 10).execute();
  const answers = await k.selectFrom('answers').select(['id', 'question_id']).where('user_id', '=', userId).where('status', '<>', 10).execute();
  const questionIds = questions.map((q) => q.id);
  const tagIds = questionIds.length ? (await k.selectFrom('tag_rel').select('tag_id').distinct().where('object_id', 'in', questionIds).execute()).map((r) => r.tag_id) : [];
  await k.updateTable('questions').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
  await k.updateTable('answers').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
  await k.updateTable('comments').set({ status: 10, updated_at: now }).where('user_id', '=', userId).where('status', '<>', 10).execute();
  const answeredIds = [...new Set(answers.map((a) => a.question_id))];
  if (answers.length) {
    await k.updateTable('answers').set({ accepted: 1 }).where('id', 'in', answers.map((a) => a.id)).execute();
    await k.updateTable('questions').set({ accepted_answer_id: '' }).where('accepted_answer_id', 'in', answers.map((a) => a.id)).execute();
    await k
      .updateTable('questions')
      .set((eb) => ({ answer_count: eb.selectFrom('answers').select(eb.fn.countAll<number>().as('n')).whereRef('answers.question_id', '=', 'questions.id').where('answers.status', '=', 1) }))
      .where('id', 'in', answeredIds)
      .execute();
  }
  if (tagIds.length) {
    await k
      .updateTable('tags')
      .set((eb) => ({
        question_count: eb
          .selectFrom('tag_rel')
          .innerJoin('questions', 'questions.id', 'tag_rel.object_id')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('tag_rel.tag_id', '=', 'tags.id')
          .where('questions.status', '<>', 10),
      }))
      .where('id', 'in', tagIds)
      .execute();
  }
  await k.updateTable('users').set({ question_count: 0, answer_count: 0 }).where('id', '=', userId).execute();
}

/** The user owning `email` other than `exceptId`, if any. */
export async function emailOwner(db: Db, email: string, exceptId: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('users').select('id').where('e_mail', '=', email).where('id', '<>', exceptId).executeTakeFirst();
  return row?.id;
}

/** The user owning `username` other than `exceptId`, if any. */
export async function usernameOwner(db: Db, username: string, exceptId: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('users').select('id').where('username', '=', username).where('id', '<>', exceptId).executeTakeFirst();
  return row?.id;
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
