/**
 * Queries of close and reopen votes (migration 034: `close_vote_rounds`, `close_votes`). Times are unix seconds;
 * a vote is live when it is not retracted and newer than `since` (now minus the site's `vote_days`).
 */
import { sql, type Selectable } from 'kysely';
import { PostStatus } from '@quorum/contract';
import { isUniqueViolation, type Db } from '../../core/db/index.js';
import type { CloseVoteRoundsTable, CloseVotesTable } from '../../core/db/schema.js';

export type RoundRow = Selectable<CloseVoteRoundsTable>;
export type VoteRow = Selectable<CloseVotesTable>;

/** Creates the round row of a question if it has none (outside a transaction; a concurrent creator is fine). */
export async function ensureRound(db: Db, questionId: string, now: number): Promise<void> {
  try {
    await db.kysely.insertInto('close_vote_rounds').values({ question_id: questionId, round: 1, kind: '', updated_at: now }).execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
}

/**
 * Locks the round row of a question for the caller's transaction (an UPDATE: every engine holds the row until the
 * transaction ends, so the votes of one question are decided one after another) and returns it.
 */
export async function lockRound(tx: Db, questionId: string, now: number): Promise<RoundRow | undefined> {
  await tx.kysely.updateTable('close_vote_rounds').set({ updated_at: now }).where('question_id', '=', questionId).execute();
  return tx.kysely.selectFrom('close_vote_rounds').selectAll().where('question_id', '=', questionId).executeTakeFirst();
}

/** The round row of a question, unlocked. */
export async function findRound(db: Db, questionId: string): Promise<RoundRow | undefined> {
  return db.kysely.selectFrom('close_vote_rounds').selectAll().where('question_id', '=', questionId).executeTakeFirst();
}

/** Sets the round number and kind of a question's round row. */
export async function setRound(tx: Db, questionId: string, round: number, kind: string, now: number): Promise<void> {
  await tx.kysely.updateTable('close_vote_rounds').set({ round, kind, updated_at: now }).where('question_id', '=', questionId).execute();
}

/**
 * Ends the question's vote round (a moderator closed, reopened or restored it): the next vote starts a new round
 * whose kind it reads from the question. Nothing to do for a question never voted on.
 */
export async function endCloseVoteRound(tx: Db, questionId: string, now: number): Promise<void> {
  await tx.kysely.updateTable('close_vote_rounds').set({ round: sql`round + 1`, kind: '', updated_at: now }).where('question_id', '=', questionId).execute();
}

/** A member's vote of a round, if any (retracted or not). */
export async function findVote(db: Db, questionId: string, round: number, userId: string): Promise<VoteRow | undefined> {
  return db.kysely.selectFrom('close_votes').selectAll().where('question_id', '=', questionId).where('round', '=', round).where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts a vote. */
export async function insertVote(tx: Db, row: Omit<VoteRow, 'retracted_at' | 'decided_at'>): Promise<void> {
  await tx.kysely.insertInto('close_votes').values(row).execute();
}

/** Live votes of a kind in a round, oldest first. */
export async function liveVotes(db: Db, questionId: string, round: number, kind: string, since: number): Promise<VoteRow[]> {
  return db.kysely
    .selectFrom('close_votes')
    .selectAll()
    .where('question_id', '=', questionId)
    .where('round', '=', round)
    .where('kind', '=', kind)
    .where('retracted_at', '=', 0)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Number of live votes of a kind in a round. */
export async function countLive(db: Db, questionId: string, round: number, kind: string, since: number): Promise<number> {
  const r = await db.kysely
    .selectFrom('close_votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .where('round', '=', round)
    .where('kind', '=', kind)
    .where('retracted_at', '=', 0)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Marks the votes that decided the round. */
export async function markDecided(tx: Db, ids: string[], now: number): Promise<void> {
  if (ids.length) await tx.kysely.updateTable('close_votes').set({ decided_at: now }).where('id', 'in', ids).execute();
}

/** Retracts a standing vote; false when it was not standing. */
export async function retractVote(tx: Db, id: string, now: number): Promise<boolean> {
  const r = await tx.kysely.updateTable('close_votes').set({ retracted_at: now }).where('id', '=', id).where('retracted_at', '=', 0).where('decided_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Sets a question's status from `from` to `to` (and its `updated_at`) only while it is `from`.
 * @returns whether this call changed it
 */
export async function switchStatus(tx: Db, questionId: string, from: number, to: number, now: number): Promise<boolean> {
  const r = await tx.kysely.updateTable('questions').set({ status: to, updated_at: now }).where('id', '=', questionId).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A question's status, read in the caller's transaction. */
export async function questionStatus(tx: Db, questionId: string): Promise<number | undefined> {
  const r = await tx.kysely.selectFrom('questions').select('status').where('id', '=', questionId).executeTakeFirst();
  return r ? Number(r.status) : undefined;
}

/** The close votes that decided round `round` of a question, with their voters' names and roles, in voting order. */
export async function decidedVoters(db: Db, questionId: string, round: number): Promise<{ id: string; username: string; display_name: string; role_id: number }[]> {
  return db.kysely
    .selectFrom('close_votes as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['u.id as id', 'u.username as username', 'u.display_name as display_name', 'u.role_id as role_id'])
    .where('v.question_id', '=', questionId)
    .where('v.round', '=', round)
    .where('v.kind', '=', 'close')
    .where('v.decided_at', '>', 0)
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
}

/** A member by id with the fields the closed notice shows. */
export async function voterById(db: Db, userId: string): Promise<{ id: string; username: string; display_name: string; role_id: number } | undefined> {
  return db.kysely.selectFrom('users').select(['id', 'username', 'display_name', 'role_id']).where('id', '=', userId).executeTakeFirst();
}

/** Who saved a question's close reason (the closing moderator), if anyone. */
export async function closeReasonAuthor(db: Db, questionId: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('meta').select('user_id').where('object_id', '=', questionId).where('name', '=', 'question.close').executeTakeFirst();
  return r?.user_id || undefined;
}

/**
 * Open questions in their close round with live close votes, that `userId` has not voted on (or left open) in the
 * round and that fewer than `needed` members left open: `[{question_id, votes, first_at}]`, most votes first.
 */
function queueQuery(db: Db, userId: string, since: number, needed: number) {
  return db.kysely
    .selectFrom('close_votes as v')
    .innerJoin('close_vote_rounds as r', (j) => j.onRef('r.question_id', '=', 'v.question_id').onRef('r.round', '=', 'v.round'))
    .innerJoin('questions as q', 'q.id', 'v.question_id')
    .where('r.kind', '=', 'close')
    .where('q.status', '=', PostStatus.normal)
    .where('v.kind', '=', 'close')
    .where('v.retracted_at', '=', 0)
    .where('v.created_at', '>', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('close_votes as m').select('m.id').whereRef('m.question_id', '=', 'v.question_id').whereRef('m.round', '=', 'v.round').where('m.user_id', '=', userId),
        ),
      ),
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom('close_votes as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.question_id', '=', 'v.question_id')
          .whereRef('l.round', '=', 'v.round')
          .where('l.kind', '=', 'leave_open')
          .where('l.retracted_at', '=', 0)
          .where('l.created_at', '>', since),
        '<',
        needed,
      ),
    )
    .groupBy('v.question_id');
}

/** A page of the close-votes queue for `userId` (see queueQuery). */
export async function queuePage(db: Db, userId: string, since: number, needed: number, offset: number, limit: number): Promise<{ question_id: string; votes: number; first_at: number }[]> {
  const rows = await queueQuery(db, userId, since, needed)
    .select((eb) => ['v.question_id as question_id', eb.fn.countAll<number>().as('votes'), eb.fn.min('v.created_at').as('first_at')])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`min(v.created_at)`)
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ question_id: r.question_id, votes: Number(r.votes), first_at: Number(r.first_at) }));
}

/** Size of the close-votes queue for `userId`. */
export async function queueCount(db: Db, userId: string, since: number, needed: number): Promise<number> {
  const r = await db.kysely
    .selectFrom(queueQuery(db, userId, since, needed).select('v.question_id').as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
