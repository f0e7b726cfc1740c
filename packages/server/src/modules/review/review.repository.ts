/**
 * Queries of the review queue (`review_queue`, migration 008): queued posts and sign-ups, their decision by a
 * compare-and-set on the status, and the writes that make a queued post public (status, counters) or remove it.
 */
import type { Selectable } from 'kysely';
import { UserStatus } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import type { ReviewQueueTable } from '../../core/db/schema.js';

export type ReviewRow = Selectable<ReviewQueueTable>;
export const ReviewStatus = { pending: 1, approved: 2, rejected: 3 } as const;
const PENDING_POST = 11;

/** Queues an object for review (inside the transaction that writes it). */
export async function insertReview(db: Db, row: { id: string; object_type: string; user_id: string; reason: string; now: number }): Promise<void> {
  await db.kysely
    .insertInto('review_queue')
    .values({ id: row.id, object_type: row.object_type, user_id: row.user_id, reason: row.reason, status: ReviewStatus.pending, reviewer_id: '', created_at: row.now, updated_at: row.now })
    .execute();
}

/** A review row by id (= the object's id). */
export function findReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  return db.kysely.selectFrom('review_queue').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Pending post reviews whose post still waits (status pending): a post handled elsewhere (the admin content
 * lists) drops out. Oldest first.
 */
function pendingPosts(db: Db, objectId?: string) {
  let q = db.kysely
    .selectFrom('review_queue as r')
    .leftJoin('questions as q', 'q.id', 'r.id')
    .leftJoin('answers as a', 'a.id', 'r.id')
    .where('r.status', '=', ReviewStatus.pending)
    .where('r.object_type', 'in', ['question', 'answer'])
    .where((eb) => eb.or([eb('q.status', '=', PENDING_POST), eb('a.status', '=', PENDING_POST)]));
  if (objectId) q = q.where('r.id', '=', objectId);
  return q;
}

/** A page of waiting posts. */
export function listPendingPosts(db: Db, offset: number, limit: number, objectId?: string): Promise<ReviewRow[]> {
  return pendingPosts(db, objectId).selectAll('r').orderBy('r.created_at').orderBy('r.id').offset(offset).limit(limit).execute();
}

/** Number of waiting posts. */
export async function countPendingPosts(db: Db, objectId?: string): Promise<number> {
  const r = await pendingPosts(db, objectId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Pending sign-ups whose account still waits (user status pending): an account deleted or activated elsewhere (the
 * admin users page) drops out.
 */
function pendingUsers(db: Db) {
  return db.kysely
    .selectFrom('review_queue as r')
    .innerJoin('users as u', 'u.id', 'r.id')
    .where('r.status', '=', ReviewStatus.pending)
    .where('r.object_type', '=', 'user')
    .where('u.status', '=', UserStatus.pending);
}

/** A page of waiting sign-ups. */
export function listPendingUsers(db: Db, offset: number, limit: number): Promise<ReviewRow[]> {
  return pendingUsers(db).selectAll('r').orderBy('r.created_at').orderBy('r.id').offset(offset).limit(limit).execute();
}

/** Number of waiting sign-ups. */
export async function countPendingUsers(db: Db): Promise<number> {
  const r = await pendingUsers(db).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether a pending review exists for `id` (e.g. a sign-up still waiting). */
export async function isWaiting(db: Db, id: string): Promise<boolean> {
  const r = await db.kysely.selectFrom('review_queue').select('id').where('id', '=', id).where('status', '=', ReviewStatus.pending).executeTakeFirst();
  return !!r;
}

/** Compare-and-set: decides a pending review; false when it was decided meanwhile. */
export async function decideReview(db: Db, id: string, status: number, reviewerId: string, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('review_queue')
    .set({ status, reviewer_id: reviewerId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', ReviewStatus.pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets a post's status (questions or answers) when it is still pending; false when it is not. */
export async function setPendingPostStatus(db: Db, table: 'questions' | 'answers', id: string, status: number, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable(table).set({ status, updated_at: now }).where('id', '=', id).where('status', '=', PENDING_POST).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A question approved from the queue counts from now on: its author's question count and its place in the active order. */
export async function countApprovedQuestion(db: Db, questionId: string, userId: string, now: number): Promise<void> {
  await db.kysely.updateTable('questions').set({ post_updated_at: now }).where('id', '=', questionId).execute();
  await db.kysely.updateTable('users').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', '=', userId).execute();
}

/** An approved answer counts: its author's answer count. */
export async function countApprovedAnswer(db: Db, userId: string): Promise<void> {
  await db.kysely.updateTable('users').set((eb) => ({ answer_count: eb('answer_count', '+', 1) })).where('id', '=', userId).execute();
}

/** A rejected question leaves the question counts of its tags. */
export async function uncountRejectedQuestionTags(db: Db, questionId: string): Promise<void> {
  const rows = await db.kysely.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).execute();
  const tagIds = rows.map((r) => r.tag_id);
  if (!tagIds.length) return;
  await db.kysely
    .updateTable('tags')
    .set((eb) => ({ question_count: eb.case().when('question_count', '<', 1).then(0).else(eb('question_count', '-', 1)).end() }))
    .where('id', 'in', tagIds)
    .execute();
}

/**
 * Compare-and-set on a waiting account: moves it from status pending to `status` (normal when approved, deleted
 * when rejected); false when it no longer waits (handled meanwhile).
 */
export async function settleSignUp(db: Db, userId: string, status: number, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('users').set({ status, updated_at: now }).where('id', '=', userId).where('status', '=', UserStatus.pending).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
