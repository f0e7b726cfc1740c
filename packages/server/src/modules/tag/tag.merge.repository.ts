/**
 * Queries of tag merges (migration 030): the merge records, and the moves of question links and follows from one
 * tag to another that a merge and its undo make. Every function runs on the handle it is given (a transaction).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { TagMergesTable } from '../../core/db/schema.js';

export type TagMergeRow = Selectable<TagMergesTable>;

/** What a merge moved (the JSON in `tag_merges.moved`). */
export interface MergeMoves {
  /** Question ids re-filed from the source tag to the target. */
  questions: string[];
  /** Question ids that carried both tags: their source link was removed, with its status. */
  dropped_questions: { id: string; status: number; created_at: number }[];
  /** User ids whose follow moved to the target. */
  followers: string[];
  /** User ids that followed both: their follow of the source was removed. */
  dropped_followers: { id: string; created_at: number }[];
  /** Tag ids of the source's synonyms, now synonyms of the target. */
  synonyms: string[];
  /** The target's description before the merge when the merge gave it the source's, else null. */
  target_text: { original_text: string; parsed_text: string; revision_id: string } | null;
}

const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Question links of a tag (any status): question id, status, when linked. */
export function questionLinks(db: Db, tagId: string): Promise<{ object_id: string; status: number; created_at: number }[]> {
  return db.kysely.selectFrom('tag_rel').select(['object_id', 'status', 'created_at']).where('tag_id', '=', tagId).execute();
}

/** Removes the links of `questionIds` to a tag. */
export async function unlinkQuestions(db: Db, tagId: string, questionIds: string[]): Promise<void> {
  for (const part of chunks(questionIds)) await db.kysely.deleteFrom('tag_rel').where('tag_id', '=', tagId).where('object_id', 'in', part).execute();
}

/** Re-files the links of `questionIds` from one tag to another. */
export async function moveQuestionLinks(db: Db, fromTag: string, toTag: string, questionIds: string[]): Promise<void> {
  for (const part of chunks(questionIds)) await db.kysely.updateTable('tag_rel').set({ tag_id: toTag }).where('tag_id', '=', fromTag).where('object_id', 'in', part).execute();
}

/** Adds links of questions to a tag (rows absent before). */
export async function insertQuestionLinks(db: Db, tagId: string, rows: { id: string; status: number; created_at: number }[]): Promise<void> {
  for (const part of chunks(rows)) await db.kysely.insertInto('tag_rel').values(part.map((r) => ({ object_id: r.id, tag_id: tagId, status: r.status, created_at: r.created_at }))).execute();
}

/** Follows of a tag: user id and when. */
export function followsOf(db: Db, tagId: string): Promise<{ user_id: string; created_at: number }[]> {
  return db.kysely.selectFrom('follows').select(['user_id', 'created_at']).where('object_id', '=', tagId).execute();
}

/** Removes follows of a tag by these users. */
export async function unfollow(db: Db, tagId: string, userIds: string[]): Promise<void> {
  for (const part of chunks(userIds)) await db.kysely.deleteFrom('follows').where('object_id', '=', tagId).where('user_id', 'in', part).execute();
}

/** Moves these users' follows from one tag to another. */
export async function moveFollows(db: Db, fromTag: string, toTag: string, userIds: string[]): Promise<void> {
  for (const part of chunks(userIds)) await db.kysely.updateTable('follows').set({ object_id: toTag }).where('object_id', '=', fromTag).where('user_id', 'in', part).execute();
}

/** Adds follows of a tag. */
export async function insertFollows(db: Db, tagId: string, rows: { id: string; created_at: number }[]): Promise<void> {
  for (const part of chunks(rows)) await db.kysely.insertInto('follows').values(part.map((r) => ({ user_id: r.id, object_id: tagId, object_type: 'tag', created_at: r.created_at }))).execute();
}

/** Sets the main tag of these tags ('' detaches them). */
export async function setMainTag(db: Db, tagIds: string[], mainId: string, now: number): Promise<void> {
  for (const part of chunks(tagIds)) await db.kysely.updateTable('tags').set({ main_tag_id: mainId, updated_at: now }).where('id', 'in', part).execute();
}

/** Ids among `tagIds` whose main tag is `mainId`. */
export async function synonymIdsAmong(db: Db, mainId: string, tagIds: string[]): Promise<string[]> {
  if (!tagIds.length) return [];
  return (await db.kysely.selectFrom('tags').select('id').where('main_tag_id', '=', mainId).where('id', 'in', tagIds).execute()).map((r) => r.id);
}

/** Recomputes follow_count of the given tags from `follows`. */
export async function recountFollows(db: Db, tagIds: string[]): Promise<void> {
  await db.kysely
    .updateTable('tags')
    .set((eb) => ({ follow_count: eb.selectFrom('follows').select((e) => e.fn.countAll<number>().as('n')).whereRef('follows.object_id', '=', 'tags.id') }))
    .where('id', 'in', tagIds)
    .execute();
}

/** Sets a tag's description fields. */
export async function setTagText(db: Db, id: string, t: { original_text: string; parsed_text: string; revision_id: string }, now: number): Promise<void> {
  await db.kysely.updateTable('tags').set({ ...t, updated_at: now }).where('id', '=', id).execute();
}

/** Inserts a merge record. */
export async function insertMerge(db: Db, row: TagMergeRow): Promise<void> {
  await db.kysely.insertInto('tag_merges').values(row).execute();
}

/** A merge record by id. */
export function findMerge(db: Db, id: string): Promise<TagMergeRow | undefined> {
  return db.kysely.selectFrom('tag_merges').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks a merge undone, only when it was in force: false when another undo got there first (the caller's
 * transaction then stops).
 */
export async function markUndone(db: Db, id: string, userId: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('tag_merges').set({ undone_at: now, undone_by: userId }).where('id', '=', id).where('undone_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks an activity row cancelled (the timeline shows the merge as undone). */
export async function cancelActivity(db: Db, id: string, now: number): Promise<void> {
  await db.kysely.updateTable('activity').set({ cancelled: 1, updated_at: now }).where('id', '=', id).execute();
}
