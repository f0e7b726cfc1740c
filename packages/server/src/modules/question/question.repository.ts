/** The only place that queries `questions` (plus the revision and activity rows written with them). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { QuestionOrder } from '@quorum/contract';
import { prepared, type Db } from '../../core/db/index.js';
import type { QuestionsTable } from '../../core/db/schema.js';
import { historicalQuestionIds } from '../lock/lock.repository.js';

export type QuestionRow = Selectable<QuestionsTable>;

/** Statuses shown in public lists: normal and closed. */
const LISTED_STATUSES = [1, 2];

export interface ListFilter {
  order: QuestionOrder;
  /** Questions carrying any of these (main) tags. */
  tagIds?: string[];
  userId?: string;
  /** Only questions created at or after this unix time. */
  since?: number;
  /** Only these questions. */
  ids?: string[];
}

/**
 * The questions a list filter matches. `ordered`: for a page in a list order (listStatement) rather than a count.
 * On SQLite the page's status and show conditions are written `+status`, `+show`, so that no index can serve them
 * and the planner walks the order's index instead (stopping after the page): with statistics of a real site
 * (closed, deleted and pending questions, hidden ones) `sqlite_stat1` gives `questions_listed_idx` (status, show)
 * an average of a few thousand rows per key, and the planner read every listed question through it and sorted
 * them all, for every page (100k questions: 60-240 ms a page; question.plans.test.ts). Counts keep that index, which
 * they read whole (covering), except the featured list's, which reads its own small index (migration 038) instead
 * of every listed question (100k questions: 98 -> 2-10 ms). PostgreSQL and MariaDB weigh the LIMIT against the sort and walk the order's index.
 */
function filtered(db: Db, f: ListFilter, ordered = false) {
  const plain = (ordered || f.order === 'featured') && db.dialect === 'sqlite';
  const status = plain ? sql<number>`+${sql.ref('questions.status')}` : sql<number>`${sql.ref('questions.status')}`;
  const show = plain ? sql<number>`+${sql.ref('questions.show')}` : sql<number>`${sql.ref('questions.show')}`;
  let q = db.kysely.selectFrom('questions').where(status, 'in', LISTED_STATUSES).where(show, '=', 1);
  // Historical questions (modules/lock) stay readable by their link, out of the lists.
  q = q.where('questions.id', 'not in', historicalQuestionIds(db, Math.floor(Date.now() / 1000)));
  if (f.tagIds?.length) q = q.where('questions.id', 'in', db.kysely.selectFrom('tag_rel').select('object_id').where('tag_id', 'in', f.tagIds).where('status', '=', 1));
  if (f.userId) q = q.where('questions.user_id', '=', f.userId);
  if (f.order === 'unanswered') q = q.where('questions.answer_count', '=', 0);
  // Featured: questions with an open bounty (modules/bounty keeps questions.bounty_* while it is open).
  // A literal: the condition of the featured list's partial index (migration 038).
  if (f.order === 'featured') q = q.where(sql<boolean>`${sql.ref('questions.bounty_amount')} > 0`);
  if (f.since) q = q.where('questions.created_at', '>=', f.since);
  if (f.ids) q = q.where('questions.id', 'in', f.ids.length ? f.ids : ['']);
  return q;
}

/**
 * One page of questions in a list order.
 * @param fromEnd read the page counted from the list's end: `offset` rows are skipped from the last question
 *   backwards and the rows come back in the list's order (deep pages near the end; question.service.ts)
 */
export async function listQuestions(db: Db, f: ListFilter, offset: number, limit: number, fromEnd = false): Promise<QuestionRow[]> {
  const rows = await listStatement(db, f, offset, limit, fromEnd).execute();
  return fromEnd ? rows.reverse() : rows;
}

/** The columns of each list order, most significant first; every order ends with the id. */
const ORDER_COLUMNS: Record<QuestionOrder, Array<keyof QuestionsTable>> = {
  // newest (and unanswered): pinned questions first (spec §4 "pin and unpin (global)").
  newest: ['pin', 'created_at'],
  unanswered: ['pin', 'created_at'],
  active: ['pin', 'post_updated_at'],
  frequent: ['view_count'],
  score: ['vote_count'],
  hot: ['answer_count', 'vote_count', 'view_count'],
  featured: ['bounty_started_at'],
};

/**
 * The statement `listQuestions` runs, unexecuted (the plan tests explain it): every column of the order
 * descending, or ascending when `fromEnd` (the same index walked the other way). A list of one tag (and no member
 * or id filter) in an order of TAG_ORDER_COLUMNS walks that tag's links in `tag_rel`'s index of the order
 * (migration 042) and reads each link's question by its key, stopping after the page; the questions' own status
 * and show are still checked (so a link whose copy were stale could only be left out, never show a question that
 * is not listed). Several tags (the home page's followed tags), a member or ids: the questions of the filter.
 */
export function listStatement(db: Db, f: ListFilter, offset: number, limit: number, fromEnd = false) {
  const direction = fromEnd ? 'asc' : 'desc';
  const tagOrder = TAG_ORDER_COLUMNS[f.order];
  if (f.tagIds?.length === 1 && !f.userId && !f.ids && tagOrder) {
    let t = filtered(db, { ...f, tagIds: undefined, order: f.order === 'unanswered' ? 'newest' : f.order }, true)
      .innerJoin('tag_rel', 'tag_rel.object_id', 'questions.id')
      .where('tag_rel.tag_id', '=', f.tagIds[0]!)
      .where('tag_rel.status', '=', 1)
      .where('tag_rel.q_listed', '=', 1);
    if (f.order === 'unanswered') t = t.where('tag_rel.q_answer_count', '=', 0);
    let q = t.selectAll('questions');
    for (const c of [...tagOrder, 'object_id' as const]) q = q.orderBy(`tag_rel.${c}`, direction);
    return q.limit(limit).offset(offset);
  }
  let q = filtered(db, f, true).selectAll('questions');
  for (const c of [...ORDER_COLUMNS[f.order], 'id' as const]) q = q.orderBy(`questions.${c}`, direction);
  return q.limit(limit).offset(offset);
}

/**
 * The columns of each list order on `tag_rel` (copies of the question's, kept by migration 042's triggers), most
 * significant first; each index is (tag_id, status, q_listed, these, object_id). The featured list of a tag reads
 * the small index of open bounties instead (migration 038), as the list without a tag does.
 */
const TAG_ORDER_COLUMNS: Partial<Record<QuestionOrder, Array<'q_pin' | 'q_created_at' | 'q_post_updated_at' | 'q_vote_count' | 'q_view_count' | 'q_answer_count'>>> = {
  newest: ['q_pin', 'q_created_at'],
  unanswered: ['q_pin', 'q_created_at'],
  active: ['q_pin', 'q_post_updated_at'],
  frequent: ['q_view_count'],
  score: ['q_vote_count'],
  hot: ['q_answer_count', 'q_vote_count', 'q_view_count'],
};

/**
 * The links of one tag a count of its list reads (no member or id filter, any order but featured): `tag_rel`
 * alone, through the order's index of migration 042 (covering: the listed flag, the answer count and the creation
 * time are on the link), instead of each link's question (100k questions, a tag of 22% of them, its unanswered
 * count: 107 -> a few ms). Undefined for the other filters.
 */
function tagCounted(db: Db, f: ListFilter) {
  if (f.tagIds?.length !== 1 || f.userId || f.ids || f.order === 'featured') return undefined;
  let q = db.kysely.selectFrom('tag_rel').where('tag_rel.tag_id', '=', f.tagIds[0]!).where('tag_rel.status', '=', 1).where('tag_rel.q_listed', '=', 1);
  q = q.where('tag_rel.object_id', 'not in', historicalQuestionIds(db, Math.floor(Date.now() / 1000)));
  if (f.order === 'unanswered') q = q.where('tag_rel.q_answer_count', '=', 0);
  if (f.since) q = q.where('tag_rel.q_created_at', '>=', f.since);
  return q;
}

/** Number of questions a list filter matches. */
export async function countQuestions(db: Db, f: ListFilter): Promise<number> {
  const links = tagCounted(db, f);
  const r = links ? await links.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The number of questions a list filter matches, counted up to `cap + 1` at most: a bounded read (`cap + 1` index
 * entries) that tells a small list's exact count from a large one (more than `cap`).
 */
export async function countQuestionsUpTo(db: Db, f: ListFilter, cap: number): Promise<number> {
  const links = tagCounted(db, f);
  const some = links ? links.select(sql<number>`1`.as('one')).limit(cap + 1).as('some') : filtered(db, f).select(sql<number>`1`.as('one')).limit(cap + 1).as('some');
  const r = await db.kysely.selectFrom(some).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

const questionById = prepared((k, id: string) => k.selectFrom('questions').selectAll().where('id', '=', id));

/** A question by id, any status; undefined when there is none. */
export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  return (await questionById(db, id))[0];
}

const questionAccessById = prepared((k, id: string) => k.selectFrom('questions').select(['id', 'user_id', 'status']).where('id', '=', id));

/**
 * What deciding a question's visibility needs (id, author, status), any status; undefined when there is none.
 * Three narrow columns: a third of the time of the whole row with its texts (calls that only check visibility).
 */
export async function findQuestionAccess(db: Db, id: string): Promise<Pick<QuestionRow, 'id' | 'user_id' | 'status'> | undefined> {
  return (await questionAccessById(db, id))[0];
}

/** Inserts a question. */
export async function insertQuestion(db: Db, row: Insertable<QuestionsTable>): Promise<void> {
  await db.kysely.insertInto('questions').values(row).execute();
}

/** Records a new answer on its question: count, last answer, activity time. */
export async function noteAnswerAdded(db: Db, questionId: string, answerId: string, now: number): Promise<void> {
  await db.kysely
    .updateTable('questions')
    .set((eb) => ({ answer_count: eb('answer_count', '+', 1), last_answer_id: answerId, post_updated_at: now, updated_at: now }))
    .where('id', '=', questionId)
    .execute();
}

/**
 * Adds buffered view counts: id -> views (positive integers). One UPDATE statement per VIEW_BATCH questions, each
 * question's views picked by a CASE over the ids: one statement and one round trip instead of one per question in a
 * transaction (9% less time on SQLite, where the B-tree work dominates; an UPDATE per question in a commit each
 * cost 178 us apiece; docs/BENCHMARKS.md, "Twelfth round" and earlier). Rows are updated in id order (processes flushing at once lock
 * them in the same order), and a batch holds the single SQLite connection for a few milliseconds only, so reads
 * wait little. The counts are written as integer literals (they are our own numbers, not input): a parameter in
 * a CASE branch has no type PostgreSQL can infer.
 */
export async function addViews(db: Db, views: Map<string, number>): Promise<void> {
  const all = [...views].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 0; i < all.length; i += VIEW_BATCH) {
    const batch = all.slice(i, i + VIEW_BATCH);
    for (const [, n] of batch) if (!Number.isSafeInteger(n) || n < 1) throw new Error(`view count must be a positive integer, got ${n}`);
    const added = sql`case id ${sql.join(batch.map(([id, n]) => sql`when ${id} then ${sql.lit(n)}`), sql` `)} end`;
    await db.kysely
      .updateTable('questions')
      .set({ view_count: sql`view_count + ${added}`, unique_view_count: sql`unique_view_count + ${added}` })
      .where('id', 'in', batch.map(([id]) => id))
      .execute();
  }
}

/** Questions per view-count UPDATE statement (addViews). */
const VIEW_BATCH = 200;

/**
 * What one user has done to a question: answered it, bookmarked it, voted on it, follows it. Every logged-in
 * question page asks this: one statement of four scalar subqueries on every engine (one round trip on PostgreSQL
 * and MySQL; on SQLite one statement and one read lock instead of four, 18 against 48-56 us per question under
 * CPU-cache pressure; docs/BENCHMARKS.md "Eighth round").
 */
export async function viewerState(db: Db, questionId: string, userId: string): Promise<{ answered: boolean; collected: boolean; vote: string; followed: boolean }> {
  const [r] = await viewerStateQuery(db, questionId, userId);
  if (!r) throw new Error('viewer state: no row');
  const vote = r.vote_type === null || r.vote_type === undefined ? '' : `vote_${r.vote_type}`;
  return { answered: r.answer_id != null, collected: r.collection_id != null, vote, followed: r.follow_id != null };
}

const viewerStateQuery = prepared((k, questionId: string, userId: string) =>
  k.selectNoFrom((eb) => [
    eb.selectFrom('answers').select('id').where('question_id', '=', questionId).where('user_id', '=', userId).where('status', '!=', 10).limit(1).as('answer_id'),
    eb.selectFrom('collections').select('id').where('object_id', '=', questionId).where('user_id', '=', userId).limit(1).as('collection_id'),
    eb.selectFrom('votes').select('vote_type').where('object_id', '=', questionId).where('user_id', '=', userId).limit(1).as('vote_type'),
    eb.selectFrom('follows').select('object_id').where('object_id', '=', questionId).where('user_id', '=', userId).limit(1).as('follow_id'),
  ]),
);

const firstAnswerQuery = prepared((k, questionId: string) =>
  k.selectFrom('answers').select('id').where('question_id', '=', questionId).where('status', '=', 1).orderBy('created_at').orderBy('id').limit(1),
);

/** Id of the oldest visible answer of a question, or ''. */
export async function firstAnswerId(db: Db, questionId: string): Promise<string> {
  const [r] = await firstAnswerQuery(db, questionId);
  return r?.id ?? '';
}

/** Updates columns of a question. */
export async function updateQuestion(db: Db, id: string, fields: Updateable<QuestionsTable>): Promise<void> {
  await db.kysely.updateTable('questions').set(fields).where('id', '=', id).execute();
}

/** Compare-and-set of a question's status (hiding by flags, modules/report): false when it was not `from`. */
export async function swapQuestionStatus(db: Db, id: string, from: number, to: number): Promise<boolean> {
  const r = await db.kysely.updateTable('questions').set({ status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Adds `delta` to a question's answer count. */
export async function bumpAnswerCount(db: Db, id: string, delta: number): Promise<void> {
  await db.kysely
    .updateTable('questions')
    .set((eb) => ({ answer_count: eb('answer_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** Number of live (normal or pending) answers of a question written by someone other than `userId`. */
export async function countAnswersByOthers(db: Db, questionId: string, userId: string): Promise<number> {
  const r = await db.kysely
    .selectFrom('answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .where('user_id', '!=', userId)
    .where('status', 'in', [1, 11])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
