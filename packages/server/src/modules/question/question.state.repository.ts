/**
 * Queries behind edits and moderation of questions that reach beyond the `questions` row: the question's tag
 * links (tag_rel, tags.question_count), the close reason (a `meta` row) and links between questions.
 */
import type { Db } from '../../core/db/index.js';

/** Tag ids linked to a question (any link status). */
export async function linkedTagIds(db: Db, questionId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).execute();
  return rows.map((r) => r.tag_id);
}

/** Removes links between a question and tags, and takes the question out of those tags' counts. */
export async function unlinkTags(db: Db, questionId: string, tagIds: string[]): Promise<void> {
  if (!tagIds.length) return;
  await db.kysely.deleteFrom('tag_rel').where('object_id', '=', questionId).where('tag_id', 'in', tagIds).execute();
  await adjustTagCounts(db, tagIds, -1);
}

/** Adds `delta` to the question count of tags (never below 0). */
export async function adjustTagCounts(db: Db, tagIds: string[], delta: number): Promise<void> {
  if (!tagIds.length) return;
  await db.kysely
    .updateTable('tags')
    .set((eb) => ({ question_count: eb.case().when('question_count', '<', -delta).then(0).else(eb('question_count', '+', delta)).end() }))
    .where('id', 'in', tagIds)
    .execute();
}

const CLOSE_META = 'question.close';

/** Stores the close reason of a question: JSON `{close_type, close_msg}` by `userId` at `now`. */
export async function saveCloseReason(db: Db, metaId: string, questionId: string, value: string, userId: string, now: number): Promise<void> {
  await db.kysely.deleteFrom('meta').where('object_id', '=', questionId).where('name', '=', CLOSE_META).execute();
  await db.kysely.insertInto('meta').values({ id: metaId, object_id: questionId, name: CLOSE_META, value, user_id: userId, created_at: now }).execute();
}

/** The stored close reason of a question, if any. */
export async function findCloseReason(db: Db, questionId: string): Promise<{ value: string; created_at: number } | undefined> {
  return db.kysely.selectFrom('meta').select(['value', 'created_at']).where('object_id', '=', questionId).where('name', '=', CLOSE_META).executeTakeFirst();
}

/** Forgets the close reason (reopen). */
export async function deleteCloseReason(db: Db, questionId: string): Promise<void> {
  await db.kysely.deleteFrom('meta').where('object_id', '=', questionId).where('name', '=', CLOSE_META).execute();
}

/** The ids among `ids` that are questions of this site. */
export async function existingQuestionIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.kysely.selectFrom('questions').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Records links from one question to others; existing links are kept. */
export async function addQuestionLinks(db: Db, fromId: string, toIds: string[], now: number): Promise<void> {
  if (!toIds.length) return;
  const have = await db.kysely
    .selectFrom('question_links')
    .select('to_question_id')
    .where('from_question_id', '=', fromId)
    .where('to_question_id', 'in', toIds)
    .execute();
  const known = new Set(have.map((r) => r.to_question_id));
  const fresh = toIds.filter((id) => !known.has(id));
  if (fresh.length) await db.kysely.insertInto('question_links').values(fresh.map((to) => ({ from_question_id: fromId, to_question_id: to, created_at: now }))).execute();
}

/** Ids of the questions a question links to or is linked from. */
export async function linkedQuestionIds(db: Db, questionId: string): Promise<string[]> {
  const [out, inb] = await Promise.all([
    db.kysely.selectFrom('question_links').select('to_question_id as id').where('from_question_id', '=', questionId).execute(),
    db.kysely.selectFrom('question_links').select('from_question_id as id').where('to_question_id', '=', questionId).execute(),
  ]);
  return [...new Set([...out, ...inb].map((r) => r.id))].filter((id) => id !== questionId);
}
