/** Queries behind question.lookup.ts. */
import type { Db } from '../../core/db/index.js';

/** Answer id -> its author, last editor ('' when never edited by another) and creation time, in one query. */
export async function findAnswerCredits(db: Db, answerIds: string[]): Promise<Map<string, { user_id: string; last_edit_user_id: string; created_at: number }>> {
  if (!answerIds.length) return new Map();
  const rows = await db.kysely.selectFrom('answers').select(['id', 'user_id', 'last_edit_user_id', 'created_at']).where('id', 'in', [...new Set(answerIds)]).execute();
  return new Map(rows.map((r) => [r.id, { user_id: r.user_id, last_edit_user_id: r.last_edit_user_id, created_at: Number(r.created_at) }]));
}

/** The id of a user by (lower-cased) username, or undefined. */
export async function findUserIdByName(db: Db, username: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return r?.id;
}
