/** The only place that queries `follows` and the follower counters of questions and tags. */
import type { Db } from '../../core/db/index.js';
import { isUniqueViolation } from '../../core/db/index.js';

export type FollowTable = 'questions' | 'tags';

/** Follow target: its status and author (tags have no author that matters here). */
export async function findFollowTarget(db: Db, table: FollowTable, id: string): Promise<{ status: number; user_id: string } | undefined> {
  return db.kysely.selectFrom(table).select(['status', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Adds a follow. @returns false when it existed */
export async function addFollow(db: Db, userId: string, objectId: string, objectType: string, now: number): Promise<boolean> {
  const exists = await db.kysely.selectFrom('follows').select('object_id').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  if (exists) return false;
  try {
    await db.kysely.insertInto('follows').values({ user_id: userId, object_id: objectId, object_type: objectType, created_at: now }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Removes a follow. @returns false when there was none */
export async function removeFollow(db: Db, userId: string, objectId: string): Promise<boolean> {
  const r = await db.kysely.deleteFrom('follows').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Adds `delta` to the follow_count of a question or tag. */
export async function bumpFollowCount(db: Db, table: FollowTable, id: string, delta: number): Promise<void> {
  await db.kysely
    .updateTable(table)
    .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** Current follow_count of a question or tag. */
export async function followCount(db: Db, table: FollowTable, id: string): Promise<number> {
  const r = await db.kysely.selectFrom(table).select('follow_count').where('id', '=', id).executeTakeFirst();
  return Number(r?.follow_count ?? 0);
}
