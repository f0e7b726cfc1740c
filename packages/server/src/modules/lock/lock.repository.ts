/**
 * Lock and protection queries (migrations 031 `post_locks`, 032 `question_protections`): the lock or protection
 * in force (not lifted and, for locks, not past `ends_at`), recording and lifting them, the question lists'
 * filter of historical questions, and the deleted answers of new members behind automatic protection.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { PostLocksTable, QuestionProtectionsTable } from '../../core/db/schema.js';

/** A row of `post_locks`. */
export type LockRow = Selectable<PostLocksTable>;
/** A row of `question_protections`. */
export type ProtectionRow = Selectable<QuestionProtectionsTable>;

/** The locks in force at `now` on any of the posts `objectIds`, newest first. */
export async function activeLocks(db: Db, objectIds: readonly string[], now: number): Promise<LockRow[]> {
  const ids = [...new Set(objectIds.filter(Boolean))];
  if (!ids.length) return [];
  return db.kysely
    .selectFrom('post_locks')
    .selectAll()
    .where('object_id', 'in', ids)
    .where('lifted_at', '=', 0)
    .where((eb) => eb.or([eb('ends_at', '=', 0), eb('ends_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The post (question or answer id) a comment is on, or undefined for an unknown comment. */
export async function commentParentId(db: Db, commentId: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('comments').select('object_id').where('id', '=', commentId).executeTakeFirst();
  return r?.object_id;
}

/** Adds a lock row. */
export async function insertLock(db: Db, row: Insertable<PostLocksTable>): Promise<void> {
  await db.kysely.insertInto('post_locks').values(row).execute();
}

/** Marks locks lifted at `now` by `by` (those not lifted yet). @returns rows changed */
export async function liftLocks(db: Db, ids: readonly string[], by: string, now: number): Promise<number> {
  if (!ids.length) return 0;
  const r = await db.kysely.updateTable('post_locks').set({ lifted_at: now, lifted_by: by }).where('id', 'in', [...ids]).where('lifted_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * Subquery of the ids of questions under a historical lock in force at `now`, for the question lists' filter
 * (`where questions.id not in ...`). The table holds a few rows on any site, so the filter costs little.
 */
export function historicalQuestionIds(db: Db, now: number) {
  return db.kysely
    .selectFrom('post_locks')
    .select('post_locks.object_id')
    .where('post_locks.kind', '=', 'historical')
    .whereRef('post_locks.object_id', '=', 'post_locks.question_id')
    .where('post_locks.lifted_at', '=', 0)
    .where((eb) => eb.or([eb('post_locks.ends_at', '=', 0), eb('post_locks.ends_at', '>', now)]));
}

/** The protections in force on the questions `questionIds`, newest first. */
export async function activeProtections(db: Db, questionIds: readonly string[]): Promise<ProtectionRow[]> {
  const ids = [...new Set(questionIds.filter(Boolean))];
  if (!ids.length) return [];
  return db.kysely.selectFrom('question_protections').selectAll().where('question_id', 'in', ids).where('lifted_at', '=', 0).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Adds a protection row. */
export async function insertProtection(db: Db, row: Insertable<QuestionProtectionsTable>): Promise<void> {
  await db.kysely.insertInto('question_protections').values(row).execute();
}

/** Marks the protections of a question lifted at `now` by `by`. @returns rows changed */
export async function liftProtections(db: Db, questionId: string, by: string, now: number): Promise<number> {
  const r = await db.kysely.updateTable('question_protections').set({ lifted_at: now, lifted_by: by }).where('question_id', '=', questionId).where('lifted_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * How many answers of `questionId` were deleted at or after `since` (their `updated_at`, written by the delete)
 * whose authors have less than `belowRank` reputation.
 */
export async function countDeletedNewMemberAnswers(db: Db, questionId: string, since: number, belowRank: number, deletedStatus: number): Promise<number> {
  const r = await db.kysely
    .selectFrom('answers')
    .innerJoin('users', 'users.id', 'answers.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('answers.question_id', '=', questionId)
    .where('answers.status', '=', deletedStatus)
    .where('answers.updated_at', '>=', since)
    .where('users.rank', '<', belowRank)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A question's author, title and status (for notifications and checks), or undefined. */
export async function questionBrief(db: Db, id: string): Promise<{ id: string; user_id: string; title: string; status: number } | undefined> {
  return db.kysely.selectFrom('questions').select(['id', 'user_id', 'title', 'status']).where('id', '=', id).executeTakeFirst();
}
