/**
 * Bounty queries: the `bounties` rows (migration 035) and the question's bounty columns (`questions.bounty_amount`,
 * `bounty_started_at`, `bounty_ends_at`, owned by this module: only it writes them); it reads the question's
 * followers (`follows`) for the start notice. Every change of state is a
 * conditional update on `status = 'open'` whose affected rows the caller checks, so that a bounty settles once
 * whatever the number of requests, workers or nodes.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { BountiesTable } from '../../core/db/schema.js';

/** A row of `bounties`. */
export type BountyRow = Selectable<BountiesTable>;

/** The open bounty of a question, if any. */
export async function openBountyOf(db: Db, questionId: string): Promise<BountyRow | undefined> {
  return db.kysely.selectFrom('bounties').selectAll().where('question_id', '=', questionId).where('status', '=', 'open').executeTakeFirst();
}

/** A bounty by id. */
export async function findBounty(db: Db, id: string): Promise<BountyRow | undefined> {
  return db.kysely.selectFrom('bounties').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many bounties a member has open. */
export async function countOpenOf(db: Db, userId: string): Promise<number> {
  const r = await db.kysely.selectFrom('bounties').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('status', '=', 'open').executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Adds a bounty (open). A second open bounty on the question fails on the unique `open_question_id`. */
export async function insertBounty(db: Db, row: Insertable<BountiesTable>): Promise<void> {
  await db.kysely.insertInto('bounties').values(row).execute();
}

/** Shows a bounty on its question (amount, start, end), or clears it (all 0). */
export async function setQuestionBounty(db: Db, questionId: string, v: { amount: number; started: number; ends: number }): Promise<void> {
  await db.kysely.updateTable('questions').set({ bounty_amount: v.amount, bounty_started_at: v.started, bounty_ends_at: v.ends }).where('id', '=', questionId).execute();
}

/**
 * Settles an open bounty: its new status and what was awarded; `open_question_id` back to null. Only a bounty still
 * open changes.
 * @returns 1 when this call settled it, 0 when it was no longer open (someone else settled it first)
 */
export async function settleBounty(db: Db, id: string, v: { status: string; answerId: string; userId: string; amount: number; now: number }): Promise<number> {
  const r = await db.kysely
    .updateTable('bounties')
    .set({ status: v.status, open_question_id: null, awarded_answer_id: v.answerId, awarded_user_id: v.userId, awarded_amount: v.amount, awarded_at: v.now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** Open bounties whose grace period is over at `now`, oldest first (at most `limit`). */
export async function dueBounties(db: Db, now: number, limit: number): Promise<BountyRow[]> {
  return db.kysely.selectFrom('bounties').selectAll().where('status', '=', 'open').where('grace_ends_at', '<=', now).orderBy('grace_ends_at').limit(limit).execute();
}

/** Open bounties ending within `within` seconds of `now` whose offerer was not reminded yet (at most `limit`). */
export async function bountiesToRemind(db: Db, now: number, within: number, limit: number): Promise<BountyRow[]> {
  return db.kysely.selectFrom('bounties').selectAll().where('status', '=', 'open').where('reminded_at', '=', 0).where('ends_at', '<=', now + within).orderBy('ends_at').limit(limit).execute();
}

/** Marks the reminder of a bounty sent. @returns 1 when this call marked it, 0 when another pass did */
export async function markReminded(db: Db, id: string, now: number): Promise<number> {
  const r = await db.kysely.updateTable('bounties').set({ reminded_at: now }).where('id', '=', id).where('status', '=', 'open').where('reminded_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** What the rules need of a question: author, status, age, title. */
export async function questionForBounty(db: Db, id: string): Promise<{ id: string; user_id: string; status: number; created_at: number; title: string } | undefined> {
  return db.kysely.selectFrom('questions').select(['id', 'user_id', 'status', 'created_at', 'title']).where('id', '=', id).executeTakeFirst();
}

/** What the rules need of an answer: its question, author, status. */
export async function answerForBounty(db: Db, id: string): Promise<{ id: string; question_id: string; user_id: string; status: number } | undefined> {
  return db.kysely.selectFrom('answers').select(['id', 'question_id', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * The answer that receives half of an unawarded bounty: of the question's available answers posted at or after
 * `since`, not by `excludeUser` (the offerer), with a score of at least `minScore`, the highest-scored (the earliest
 * on a tie); undefined when none qualifies.
 */
export async function bestNewAnswer(db: Db, questionId: string, since: number, minScore: number, excludeUser: string): Promise<{ id: string; user_id: string } | undefined> {
  return db.kysely
    .selectFrom('answers')
    .select(['id', 'user_id'])
    .where('question_id', '=', questionId)
    .where('status', '=', 1)
    .where('created_at', '>=', since)
    .where('vote_count', '>=', minScore)
    .where('user_id', '!=', excludeUser)
    .orderBy('vote_count', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}


/** Most followers of a question told of a new bounty (the earliest followers first). */
export const FOLLOWER_NOTICE_LIMIT = 1000;

/** The members following a question (`follows`), the earliest first, at most FOLLOWER_NOTICE_LIMIT. */
export async function questionFollowerIds(db: Db, questionId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('follows').select('user_id').where('object_id', '=', questionId).orderBy('created_at').orderBy('user_id').limit(FOLLOWER_NOTICE_LIMIT).execute();
  return rows.map((r) => r.user_id);
}
