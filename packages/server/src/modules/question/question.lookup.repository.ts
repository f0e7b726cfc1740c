/** Queries behind question.lookup.ts. */
import type { Db } from '../../core/db/index.js';

/** Answer id -> author id for the given answers, in one query. */
export async function findAnswerAuthors(db: Db, answerIds: string[]): Promise<Map<string, string>> {
  if (!answerIds.length) return new Map();
  const rows = await db.kysely.selectFrom('answers').select(['id', 'user_id']).where('id', 'in', [...new Set(answerIds)]).execute();
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

/** The id of a user by (lower-cased) username, or undefined. */
export async function findUserIdByName(db: Db, username: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return r?.id;
}
