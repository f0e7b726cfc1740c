/** The only place that queries `comments` (plus the viewer's comment votes and mentioned users). */
import type { Insertable, Selectable } from 'kysely';
import { prepared, type Db } from '../../core/db/index.js';
import type { CommentsTable } from '../../core/db/schema.js';

export type CommentRow = Selectable<CommentsTable>;

/** Comment status codes (Answer's): 1 available, 10 deleted. */
export const CommentStatus = { available: 1, deleted: 10 } as const;

/** Inserts a comment. */
export async function insertComment(db: Db, row: Insertable<CommentsTable>): Promise<void> {
  await db.kysely.insertInto('comments').values(row).execute();
}

/** A comment by id, any status. */
export function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.kysely.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Replaces a comment's text. */
export async function updateCommentText(db: Db, id: string, original: string, parsed: string, now: number): Promise<void> {
  await db.kysely.updateTable('comments').set({ original_text: original, parsed_text: parsed, updated_at: now }).where('id', '=', id).execute();
}

/** Sets a comment's status (soft delete). */
export async function setCommentStatus(db: Db, id: string, status: number, now: number): Promise<void> {
  await db.kysely.updateTable('comments').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/**
 * One page of a post's live comments.
 * @param byVote most up-voted first (then oldest); otherwise oldest first
 */
export function listComments(db: Db, objectId: string, byVote: boolean, offset: number, limit: number): Promise<CommentRow[]> {
  let q = db.kysely.selectFrom('comments').selectAll().where('object_id', '=', objectId).where('status', '=', CommentStatus.available);
  if (byVote) q = q.orderBy('vote_count', 'desc');
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute();
}

/** Number of live comments per post, in one query: object id -> count (posts with none are absent). */
export async function countComments(db: Db, objectIds: string[]): Promise<Map<string, number>> {
  if (!objectIds.length) return new Map();
  const rows = await commentCounts(db, objectIds);
  return new Map(rows.map((r) => [r.object_id, Number(r.n)]));
}

const commentCounts = prepared((k, objectIds: string[]) =>
  k.selectFrom('comments').select(['object_id', (eb) => eb.fn.countAll<number>().as('n')]).where('object_id', 'in', objectIds).where('status', '=', CommentStatus.available).groupBy('object_id'),
);

/**
 * The first `perObject` live comments of each post, most up-voted first, in one query (a ROW_NUMBER window,
 * which SQLite 3.25+, PostgreSQL and MariaDB 10.2+ all have).
 */
export async function firstCommentsOf(db: Db, objectIds: string[], perObject: number): Promise<CommentRow[]> {
  if (!objectIds.length) return [];
  const rows = await firstComments(db, objectIds, perObject);
  return rows.map(({ rn: _rn, ...c }) => c);
}

const firstComments = prepared((k, objectIds: string[], perObject: number) => {
  const ranked = k
    .selectFrom('comments')
    .selectAll()
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('object_id').orderBy('vote_count', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc'))
        .as('rn'),
    )
    .where('object_id', 'in', objectIds)
    .where('status', '=', CommentStatus.available);
  return k.selectFrom(ranked.as('ranked')).selectAll().where('rn', '<=', perObject).orderBy('object_id').orderBy('rn');
});

/** Ids among `commentIds` the user has up-voted. */
export async function votedComments(db: Db, userId: string, commentIds: string[]): Promise<Set<string>> {
  if (!commentIds.length) return new Set();
  const rows = await db.kysely.selectFrom('votes').select('object_id').where('user_id', '=', userId).where('object_id', 'in', commentIds).where('vote_type', '=', 'up').execute();
  return new Set(rows.map((r) => r.object_id));
}

/** Existing users among lower-case usernames: username -> id. */
export async function usersByNames(db: Db, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const rows = await db.kysely.selectFrom('users').select(['id', 'username']).where('username', 'in', names).where('status', '!=', 10).execute();
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** One page of a user's live comments, newest first, with the count. */
export async function listUserComments(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: CommentRow[]; count: number }> {
  const base = db.kysely.selectFrom('comments').where('user_id', '=', userId).where('status', '=', CommentStatus.available);
  const [rows, c] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}
