/** Emoji reactions: `meta` rows named 'reaction' (value = emoji, user = who reacted). */
import type { Db } from '../../core/db/index.js';

const NAME = 'reaction';

export interface ReactionRow {
  object_id: string;
  value: string;
  user_id: string;
}

/** Every reaction on the given posts in one query, oldest first. */
export async function reactionsOf(db: Db, objectIds: string[]): Promise<ReactionRow[]> {
  if (!objectIds.length) return [];
  return db.kysely
    .selectFrom('meta')
    .select(['object_id', 'value', 'user_id'])
    .where('object_id', 'in', objectIds)
    .where('name', '=', NAME)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Whether the user has reacted to the object with the emoji. */
export async function hasReaction(db: Db, objectId: string, userId: string, emoji: string): Promise<boolean> {
  const r = await db.kysely.selectFrom('meta').select('id').where('object_id', '=', objectId).where('name', '=', NAME).where('user_id', '=', userId).where('value', '=', emoji).executeTakeFirst();
  return !!r;
}

/** Adds a reaction. */
export async function addReaction(db: Db, id: string, objectId: string, userId: string, emoji: string, now: number): Promise<void> {
  await db.kysely.insertInto('meta').values({ id, object_id: objectId, name: NAME, value: emoji, user_id: userId, created_at: now }).execute();
}

/** Removes a user's reaction (every copy). */
export async function removeReaction(db: Db, objectId: string, userId: string, emoji: string): Promise<void> {
  await db.kysely.deleteFrom('meta').where('object_id', '=', objectId).where('name', '=', NAME).where('user_id', '=', userId).where('value', '=', emoji).execute();
}
