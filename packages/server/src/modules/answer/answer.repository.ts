/** The only place that queries `answers`. */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { prepared, type Db, type PreparedQuery } from '../../core/db/index.js';
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

/** Who is looking: normal answers for all, plus the viewer's own pending ones; moderators also see pending and deleted. */
export interface AnswerScope {
  viewerId?: string;
  moderator: boolean;
}

function scoped(k: Db['kysely'], questionId: string, s: AnswerScope) {
  let q = k.selectFrom('answers').where('question_id', '=', questionId);
  if (s.moderator) q = q.where('status', 'in', [1, 10, 11]);
  else if (s.viewerId) {
    const viewer = s.viewerId;
    q = q.where((eb) => eb.or([eb('status', '=', 1), eb.and([eb('status', '=', 11), eb('user_id', '=', viewer)])]));
  } else q = q.where('status', '=', 1);
  return q;
}

/** One page of a question's answers visible in `scope`. Default order: accepted first, then score, then oldest. */
export async function listAnswers(db: Db, questionId: string, order: AnswerOrder, offset: number, limit: number, scope: AnswerScope = { moderator: false }): Promise<AnswerRow[]> {
  const kind = scopeKind(scope);
  const key = `${order}:${kind}`;
  let query = listQueries.get(key);
  if (!query) {
    query = prepared((k, qid: string, viewerId: string, off: number, lim: number) => {
      let q = scoped(k, qid, scopeOf(kind, viewerId)).selectAll();
      if (order === 'created') q = q.orderBy('created_at', 'desc');
      else if (order === 'updated') q = q.orderBy('updated_at', 'desc');
      else q = q.orderBy('accepted', 'desc').orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
      return q.orderBy('id').limit(lim).offset(off);
    }, { unused: kind === 'member' ? [] : [1] });
    listQueries.set(key, query);
  }
  return query(db, questionId, scope.viewerId ?? '', offset, limit);
}

/** Number of a question's answers visible in `scope`. */
export async function countAnswers(db: Db, questionId: string, scope: AnswerScope = { moderator: false }): Promise<number> {
  const kind = scopeKind(scope);
  let query = countQueries.get(kind);
  if (!query) {
    query = prepared((k, qid: string, viewerId: string) => scoped(k, qid, scopeOf(kind, viewerId)).select((eb) => eb.fn.countAll<number>().as('n')), { unused: kind === 'member' ? [] : [1] });
    countQueries.set(kind, query);
  }
  const [r] = await query(db, questionId, scope.viewerId ?? '');
  return Number(r?.n ?? 0);
}

type ScopeKind = 'moderator' | 'member' | 'anonymous';

/** Which of the three scopes a viewer gets (the SQL differs between them, not between viewers of one scope). */
function scopeKind(s: AnswerScope): ScopeKind {
  return s.moderator ? 'moderator' : s.viewerId ? 'member' : 'anonymous';
}

/** The scope of a kind, with `viewerId` (a value or a prepared query's marker) for members. */
function scopeOf(kind: ScopeKind, viewerId: string): AnswerScope {
  return kind === 'moderator' ? { moderator: true } : kind === 'member' ? { moderator: false, viewerId } : { moderator: false };
}

/** Prepared answer list and count queries by order and scope kind (core/db/prepared.ts). */
const listQueries = new Map<string, PreparedQuery<[string, string, number, number], AnswerRow>>();
const countQueries = new Map<string, PreparedQuery<[string, string], { n: number }>>();

const pendingAuthorsQuery = prepared((k, qid: string) => k.selectFrom('answers').select('user_id').where('question_id', '=', qid).where('status', '=', 11));

/**
 * Authors of the pending answers (status 11, waiting for review) of question `questionId`: a range of
 * `answers_question_idx` that reads no row when there are none (most questions).
 */
export async function pendingAnswerAuthors(db: Db, questionId: string): Promise<string[]> {
  return (await pendingAuthorsQuery(db, questionId)).map((r) => r.user_id);
}

/** Updates columns of an answer. */
export async function updateAnswer(db: Db, id: string, fields: Updateable<AnswersTable>): Promise<void> {
  await db.kysely.updateTable('answers').set(fields).where('id', '=', id).execute();
}

/** Compare-and-set of an answer's status (hiding by flags, modules/report): false when it was not `from`. */
export async function swapAnswerStatus(db: Db, id: string, from: number, to: number): Promise<boolean> {
  const r = await db.kysely.updateTable('answers').set({ status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Vote and bookmark state of one user on many answers: one statement (votes, then bookmarks with a null vote type),
 * so SQLite takes one read lock for both.
 */
export async function viewerStates(db: Db, answerIds: string[], userId: string): Promise<{ votes: Map<string, string>; collected: Set<string> }> {
  if (!answerIds.length) return { votes: new Map(), collected: new Set() };
  const rows = await viewerMarks(db, userId, answerIds);
  const votes = new Map<string, string>();
  const collected = new Set<string>();
  for (const r of rows) {
    if (r.vote_type === null) collected.add(r.object_id);
    else votes.set(r.object_id, `vote_${r.vote_type}`);
  }
  return { votes, collected };
}

// Prepared (core/db/prepared.ts): every logged-in answer/page call runs it; one shape per page length.
const viewerMarks = prepared((k, userId: string, ids: string[]) =>
  k
    .selectFrom('votes')
    .select((eb) => ['object_id', eb.ref('vote_type').$castTo<string | null>().as('vote_type')])
    .where('user_id', '=', userId)
    .where('object_id', 'in', ids)
    .unionAll(k.selectFrom('collections').select(['object_id', sql<string | null>`null`.as('vote_type')]).where('user_id', '=', userId).where('object_id', 'in', ids)),
);
