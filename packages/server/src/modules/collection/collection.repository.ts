/** The only place that queries `collections` (bookmarks) and the bookmark counters of questions. */
import type { Db } from '../../core/db/index.js';
import { isUniqueViolation } from '../../core/db/index.js';
import type { Selectable } from 'kysely';
import type { CollectionsTable } from '../../core/db/schema.js';

export type CollectionRow = Selectable<CollectionsTable>;

/** Adds a bookmark. @returns false when the user had it already */
export async function addBookmark(db: Db, row: CollectionRow): Promise<boolean> {
  const exists = await db.kysely.selectFrom('collections').select('id').where('user_id', '=', row.user_id).where('object_id', '=', row.object_id).executeTakeFirst();
  if (exists) return false;
  try {
    await db.kysely.insertInto('collections').values(row).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Removes a bookmark. @returns false when there was none */
export async function removeBookmark(db: Db, userId: string, objectId: string): Promise<boolean> {
  const r = await db.kysely.deleteFrom('collections').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Adds `delta` to a question's collection_count. */
export async function bumpQuestionCollections(db: Db, questionId: string, delta: number): Promise<void> {
  await db.kysely
    .updateTable('questions')
    .set((eb) => ({ collection_count: eb('collection_count', '+', delta) }))
    .where('id', '=', questionId)
    .execute();
}

/** Bookmark count of a question (its counter) or of an answer (counted). */
export async function bookmarkCount(db: Db, objectId: string, isQuestion: boolean): Promise<number> {
  if (isQuestion) {
    const r = await db.kysely.selectFrom('questions').select('collection_count').where('id', '=', objectId).executeTakeFirst();
    return Number(r?.collection_count ?? 0);
  }
  const r = await db.kysely.selectFrom('collections').select((eb) => eb.fn.countAll<number>().as('n')).where('object_id', '=', objectId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One page of a user's bookmarks, newest first, with the count. */
export async function listBookmarks(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: CollectionRow[]; count: number }> {
  const base = db.kysely.selectFrom('collections').where('user_id', '=', userId);
  const [rows, c] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}
