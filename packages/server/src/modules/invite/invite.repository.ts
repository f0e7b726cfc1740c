/** Invitations to answer: `meta` rows named 'question.invite' (object = question, user = invitee). */
import type { Db } from '../../core/db/index.js';

const NAME = 'question.invite';

/** Ids of the users invited to answer a question, oldest invitation first. */
export async function invitedUserIds(db: Db, questionId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('meta').select('user_id').where('object_id', '=', questionId).where('name', '=', NAME).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.user_id);
}

/** Live users by lower-case usernames. */
export async function usersByNames(db: Db, names: string[]): Promise<{ id: string; username: string }[]> {
  if (!names.length) return [];
  return db.kysely.selectFrom('users').select(['id', 'username']).where('username', 'in', names).where('status', '!=', 10).execute();
}

/** Adds invitations: `ids[i]` is the meta id of `userIds[i]`. */
export async function addInvites(db: Db, questionId: string, inviterId: string, userIds: string[], ids: string[], now: number): Promise<void> {
  if (!userIds.length) return;
  await db.kysely
    .insertInto('meta')
    .values(userIds.map((uid, i) => ({ id: ids[i]!, object_id: questionId, name: NAME, value: inviterId, user_id: uid, created_at: now })))
    .execute();
}

/** Withdraws invitations of some users. */
export async function removeInvites(db: Db, questionId: string, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await db.kysely.deleteFrom('meta').where('object_id', '=', questionId).where('name', '=', NAME).where('user_id', 'in', userIds).execute();
}
