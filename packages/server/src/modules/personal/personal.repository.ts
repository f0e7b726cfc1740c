/** Reads behind profile pages and the user ranking: a user's posts, comments' targets, reputation rows, votes. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { ActivityTable, AnswersTable, QuestionsTable } from '../../core/db/schema.js';
import { listedMember } from './personal.directory.repository.js';

export type QuestionRow = Selectable<QuestionsTable>;
export type AnswerRow = Selectable<AnswersTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type PostOrder = 'newest' | 'score';

/** One page of a user's questions with the given statuses, with the count. */
export async function userQuestions(db: Db, userId: string, statuses: number[], order: PostOrder, offset: number, limit: number): Promise<{ rows: QuestionRow[]; count: number }> {
  const base = db.kysely.selectFrom('questions').where('user_id', '=', userId).where('status', 'in', statuses);
  let q = base.selectAll();
  if (order === 'score') q = q.orderBy('vote_count', 'desc');
  const [rows, c] = await Promise.all([
    q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}

/** One page of a user's answers with the given statuses (on questions not deleted), with the count. */
export async function userAnswers(db: Db, userId: string, statuses: number[], order: PostOrder, offset: number, limit: number): Promise<{ rows: AnswerRow[]; count: number }> {
  const base = db.kysely
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .where('answers.user_id', '=', userId)
    .where('answers.status', 'in', statuses)
    .where('questions.status', '!=', 10);
  let q = base.selectAll('answers');
  if (order === 'score') q = q.orderBy('answers.vote_count', 'desc');
  const [rows, c] = await Promise.all([
    q.orderBy('answers.created_at', 'desc').orderBy('answers.id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}

/** Questions by id. */
export async function questionsByIds(db: Db, ids: string[]): Promise<Map<string, QuestionRow>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom('questions').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Answers by id. */
export async function answersByIds(db: Db, ids: string[]): Promise<Map<string, AnswerRow>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom('answers').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The post each comment hangs off: comment id -> object id. */
export async function commentObjects(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom('comments').select(['id', 'object_id']).where('id', 'in', [...new Set(ids)]).where('status', '=', 1).execute();
  return new Map(rows.map((r) => [r.id, r.object_id]));
}

/** One page of a user's reputation changes (has_rank rows, not cancelled), newest first, with the count. */
export async function rankRows(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: ActivityRow[]; count: number }> {
  const base = db.kysely.selectFrom('activity').where('user_id', '=', userId).where('has_rank', '=', 1).where('cancelled', '=', 0).where('rank', '!=', 0);
  const [rows, c] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}

/** One page of a user's votes, newest first, with the count. */
export async function userVotes(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: { object_id: string; object_type: string; vote_type: string; created_at: number }[]; count: number }> {
  const base = db.kysely.selectFrom('votes').where('user_id', '=', userId);
  const [rows, c] = await Promise.all([
    base.select(['object_id', 'object_type', 'vote_type', 'created_at']).orderBy('created_at', 'desc').orderBy('object_id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}

/** Live question and answer counts of a user (normal and closed posts). */
export async function postCounts(db: Db, userId: string): Promise<{ questions: number; answers: number }> {
  const [q, a] = await Promise.all([
    db.kysely.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', [1, 2]).executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('answers.user_id', '=', userId)
      .where('answers.status', '=', 1)
      .where('questions.status', 'in', [1, 2])
      .executeTakeFirstOrThrow(),
  ]);
  return { questions: Number(q.n), answers: Number(a.n) };
}

/** Users who gained the most reputation since `since`: user id -> gain, best first. */
export async function topReputationGains(db: Db, since: number, limit: number): Promise<{ user_id: string; n: number }[]> {
  const rows = await db.kysely
    .selectFrom('activity')
    .select(['user_id', (eb) => eb.fn.sum<number>('rank').as('n')])
    .where('has_rank', '=', 1)
    .where('cancelled', '=', 0)
    .where('created_at', '>=', since)
    .groupBy('user_id')
    .having((eb) => eb.fn.sum('rank'), '>', 0)
    .orderBy(sql`sum(${sql.ref('rank')})`, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, n: Number(r.n) }));
}

/** Users who voted the most since `since`: user id -> votes cast, most first. */
export async function topVoters(db: Db, since: number, limit: number): Promise<{ user_id: string; n: number }[]> {
  const rows = await db.kysely
    .selectFrom('votes')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('user_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, n: Number(r.n) }));
}

/** Ids of listed admins and moderators (personal.directory.repository.ts `listedMember`), highest reputation first. */
export async function staffIds(db: Db, limit: number, now: number): Promise<string[]> {
  const rows = await db.kysely.selectFrom('users').select('id').where('role_id', 'in', [2, 3]).where((eb) => listedMember(eb, now)).orderBy('rank', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Ids of the listed users with the highest reputation (when nobody gained any lately). */
export async function topRankIds(db: Db, limit: number, now: number): Promise<string[]> {
  const rows = await db.kysely.selectFrom('users').select('id').where((eb) => listedMember(eb, now)).orderBy('rank', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** A user by username (stored lower-case). */
export async function findUserByName(db: Db, username: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('users').select('id').where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
  return r?.id;
}
