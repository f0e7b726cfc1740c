/** The only place that queries `answers`. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { AnswersTable } from '../../core/db/schema.js';

export type AnswerRow = Selectable<AnswersTable>;

/** Inserts an answer. */
export async function insertAnswer(db: Db, row: Insertable<AnswersTable>): Promise<void> {
  await db.kysely.insertInto('answers').values(row).execute();
}

/** An answer by id. */
export function findAnswer(db: Db, id: string): Promise<AnswerRow | undefined> {
  return db.kysely.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's live answer to a question, if any (restrict_answer). */
export function findUserAnswer(db: Db, questionId: string, userId: string): Promise<AnswerRow | undefined> {
  return db.kysely
    .selectFrom('answers')
    .selectAll()
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', '!=', 10)
    .executeTakeFirst();
}

export type AnswerOrder = 'default' | 'created' | 'updated';

/**
 * One page of a question's visible answers. Default order: accepted first, then score, then oldest.
 * @param includeUserId also show this user's own pending answers
 */
export async function listAnswers(db: Db, questionId: string, order: AnswerOrder, offset: number, limit: number): Promise<AnswerRow[]> {
  let q = db.kysely.selectFrom('answers').selectAll().where('question_id', '=', questionId).where('status', '=', 1);
  if (order === 'created') q = q.orderBy('created_at', 'desc');
  else if (order === 'updated') q = q.orderBy('updated_at', 'desc');
  else q = q.orderBy('accepted', 'desc').orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
  return q.orderBy('id').limit(limit).offset(offset).execute();
}

/** Number of visible answers of a question. */
export async function countAnswers(db: Db, questionId: string): Promise<number> {
  const r = await db.kysely
    .selectFrom('answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Vote and bookmark state of one user on many answers. */
export async function viewerStates(db: Db, answerIds: string[], userId: string): Promise<{ votes: Map<string, string>; collected: Set<string> }> {
  if (!answerIds.length) return { votes: new Map(), collected: new Set() };
  const [votes, cols] = await Promise.all([
    db.kysely.selectFrom('votes').select(['object_id', 'vote_type']).where('user_id', '=', userId).where('object_id', 'in', answerIds).execute(),
    db.kysely.selectFrom('collections').select('object_id').where('user_id', '=', userId).where('object_id', 'in', answerIds).execute(),
  ]);
  return { votes: new Map(votes.map((v) => [v.object_id, `vote_${v.vote_type}`])), collected: new Set(cols.map((c) => c.object_id)) };
}
