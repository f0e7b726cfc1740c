/**
 * Staging ground queries: `staging_questions` and `staging_feedback` (migration 036), and the few question and
 * user columns publishing changes (the question's status pending -> normal, its active time, the asker's question
 * count). Every change of state is a conditional update on the states it may come from, whose affected rows the
 * caller checks, so that a staged question is decided once whatever the number of requests, workers or nodes.
 */
import type { Insertable, Selectable } from 'kysely';
import { PostStatus } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import type { StagingFeedbackTable, StagingQuestionsTable } from '../../core/db/schema.js';

/** A row of `staging_questions`. */
export type StagingRow = Selectable<StagingQuestionsTable>;
/** A row of `staging_feedback`. */
export type FeedbackRow = Selectable<StagingFeedbackTable>;

/** States a staged question is still open in (a reviewer may act). */
export const OPEN_STATES = ['waiting', 'changes'] as const;

/** Adds a staged question (state waiting). Call inside the transaction that writes the question. */
export async function insertStaged(db: Db, row: { questionId: string; userId: string; now: number }): Promise<void> {
  await db.kysely.insertInto('staging_questions').values({ question_id: row.questionId, user_id: row.userId, state: 'waiting', asked_at: row.now, updated_at: row.now }).execute();
}

/** The staging row of a question, if it went through the staging ground. */
export async function findStaged(db: Db, questionId: string): Promise<StagingRow | undefined> {
  return db.kysely.selectFrom('staging_questions').selectAll().where('question_id', '=', questionId).executeTakeFirst();
}

/** Adds a feedback row. */
export async function insertFeedback(db: Db, row: Insertable<StagingFeedbackTable>): Promise<void> {
  await db.kysely.insertInto('staging_feedback').values(row).execute();
}

/** A question's feedback, oldest first (at most 500). */
export async function feedbackOf(db: Db, questionId: string): Promise<FeedbackRow[]> {
  return db.kysely.selectFrom('staging_feedback').selectAll().where('question_id', '=', questionId).orderBy('created_at').orderBy('id').limit(500).execute();
}

/** Feedback counts of several questions. */
export async function feedbackCounts(db: Db, questionIds: string[]): Promise<Map<string, number>> {
  if (!questionIds.length) return new Map();
  const rows = await db.kysely
    .selectFrom('staging_feedback')
    .select(['question_id', (eb) => eb.fn.countAll().as('n')])
    .where('question_id', 'in', questionIds)
    .groupBy('question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, Number(r.n)]));
}

/**
 * Moves an open staged question to `state` (waiting or changes), touching `updated_at`.
 * @param from the states it may move from
 * @returns 1 when it moved, 0 when it was no longer in one of them
 */
export async function setOpenState(db: Db, questionId: string, state: 'waiting' | 'changes', from: readonly string[], now: number): Promise<number> {
  const r = await db.kysely.updateTable('staging_questions').set({ state, updated_at: now }).where('question_id', '=', questionId).where('state', 'in', [...from]).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * Decides an open staged question: published (with `published_at`) or queued, by `reviewerId`.
 * @returns 1 when this call decided it, 0 when someone else did first
 */
export async function decide(db: Db, questionId: string, state: 'published' | 'queued', reviewerId: string, now: number): Promise<number> {
  const r = await db.kysely
    .updateTable('staging_questions')
    .set({ state, updated_at: now, decided_by: reviewerId, decided_at: now, published_at: state === 'published' ? now : 0 })
    .where('question_id', '=', questionId)
    .where('state', 'in', [...OPEN_STATES])
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * Publishes a pending question: status normal, its active time now, one more question for its asker.
 * @returns false when the question no longer waits (handled elsewhere meanwhile)
 */
export async function publishQuestion(db: Db, questionId: string, userId: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('questions').set({ status: PostStatus.normal, updated_at: now, post_updated_at: now }).where('id', '=', questionId).where('status', '=', PostStatus.pending).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db.kysely.updateTable('users').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', '=', userId).execute();
  return true;
}

/** Open staged questions whose question still waits, in `states`, oldest change first. */
function openQueue(db: Db, states: readonly string[]) {
  return db.kysely
    .selectFrom('staging_questions as s')
    .innerJoin('questions as q', 'q.id', 's.question_id')
    .where('s.state', 'in', [...states])
    .where('q.status', '=', PostStatus.pending);
}

/** A page of the reviewers' queue: questions waiting for a reviewer, the longest waiting first. */
export async function queuePage(db: Db, offset: number, limit: number): Promise<StagingRow[]> {
  return openQueue(db, ['waiting']).selectAll('s').orderBy('s.updated_at').orderBy('s.question_id').offset(offset).limit(limit).execute();
}

/** How many questions wait for a reviewer. */
export async function queueCount(db: Db): Promise<number> {
  const r = await openQueue(db, ['waiting']).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * The dashboard's counts: staged questions by state, the open ones whose question was deleted meanwhile counted
 * as removed; and the publishing times (seconds from asking to publishing) of every published one, ascending.
 */
export async function stats(db: Db): Promise<{ byState: Record<string, number>; publishSeconds: number[] }> {
  const rows = await db.kysely
    .selectFrom('staging_questions as s')
    .leftJoin('questions as q', 'q.id', 's.question_id')
    .select(['s.state', 'q.status', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['s.state', 'q.status'])
    .execute();
  const byState: Record<string, number> = {};
  for (const r of rows) {
    const open = (OPEN_STATES as readonly string[]).includes(r.state);
    const state = open && r.status !== PostStatus.pending ? 'removed' : r.state;
    byState[state] = (byState[state] ?? 0) + Number(r.n);
  }
  const times = await db.kysely
    .selectFrom('staging_questions')
    .select(['asked_at', 'published_at'])
    .where('state', '=', 'published')
    .orderBy('published_at', 'desc')
    .limit(10_000)
    .execute();
  return { byState, publishSeconds: times.map((t) => Math.max(0, Number(t.published_at) - Number(t.asked_at))).sort((a, b) => a - b) };
}
