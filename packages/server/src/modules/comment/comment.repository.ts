/** The only place that queries `comments` (plus the viewer's comment votes and mentioned users). */
import type { Insertable, Selectable } from 'kysely';
import { prepared, type Db } from '../../core/db/index.js';
import type { CommentsTable } from '../../core/db/schema.js';

export type CommentRow = Selectable<CommentsTable>;

/** Comment status codes (Answer's): 1 available, 10 deleted; Quorum's 11 hidden by flags pending review (modules/report). */
export const CommentStatus = { available: 1, deleted: 10, hidden: 11 } as const;

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

/** Compare-and-set of a comment's status (hiding by flags, modules/report): false when it was not `from`. */
export async function swapCommentStatus(db: Db, id: string, from: number, to: number): Promise<boolean> {
  const r = await db.kysely.updateTable('comments').set({ status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
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

/**
 * Comments hidden by flags pending review on `objectIds` that a reader still sees: the author's own
 * (`authorId`), or every one for staff (`authorId` null); oldest first, at most 100.
 */
export async function heldComments(db: Db, objectIds: string[], authorId: string | null): Promise<CommentRow[]> {
  if (!objectIds.length) return [];
  let q = db.kysely.selectFrom('comments').selectAll().where('object_id', 'in', objectIds).where('status', '=', CommentStatus.hidden);
  if (authorId !== null) q = q.where('user_id', '=', authorId);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(100).execute();
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
 * The first `perObject` live comments of each post, most up-voted first (then oldest, then by id), in one query:
 * one `limit`ed pick per post, each read from the front of `comments_object_top_idx` (migration 020), joined with
 * `union all`. A post's other comments are never read: a ranking window over each post's comments read them all,
 * bodies included (hundreds on a popular question, on every view of its page).
 * @param objectIds post ids (at most BATCH_MAX_IDS, 100: SQLite allows 500 parts in one compound query)
 * @returns the comments grouped by post in id order, each post's in display order
 */
export async function firstCommentsOf(db: Db, objectIds: string[], perObject: number): Promise<CommentRow[]> {
  if (!objectIds.length) return [];
  const rows = await firstComments(db, objectIds, perObject);
  // A union's rows come in no promised order: put them in the order the picks were made in.
  return rows.sort(
    (a, b) =>
      compareText(a.object_id, b.object_id) ||
      Number(b.vote_count) - Number(a.vote_count) ||
      Number(a.created_at) - Number(b.created_at) ||
      compareText(a.id, b.id),
  );
}

/** Text order of two strings (as the databases order the id columns). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const firstComments = prepared((k, objectIds: string[], perObject: number) => {
  // Each pick is a derived table: SQLite refuses `order by`/`limit` on a bare member of a compound query.
  const pick = (objectId: string, i: number) =>
    k
      .selectFrom(
        k
          .selectFrom('comments')
          .selectAll()
          .where('object_id', '=', objectId)
          .where('status', '=', CommentStatus.available)
          .orderBy('vote_count', 'desc')
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .limit(perObject)
          .as(`pick${i}`),
      )
      .selectAll();
  let query = pick(objectIds[0]!, 0);
  for (let i = 1; i < objectIds.length; i++) query = query.unionAll(pick(objectIds[i]!, i));
  return query;
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

/**
 * Who reads a member's comments: moderators and admins (`staff`) every live comment, others those on posts they
 * may see (the rule of target.ts `canSeePost`: not deleted, not queued unless the post is theirs, nor on such a
 * question).
 */
export interface CommentReader {
  userId: string;
  staff: boolean;
}

/** One page of a user's live comments, newest first, with the count: those on posts `reader` may see. */
export async function listUserComments(db: Db, userId: string, reader: CommentReader, offset: number, limit: number): Promise<{ rows: CommentRow[]; count: number }> {
  let base = db.kysely.selectFrom('comments').where('comments.user_id', '=', userId).where('comments.status', '=', CommentStatus.available);
  if (!reader.staff) {
    const uid = reader.userId;
    base = base.where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('questions as q').select('q.id').whereRef('q.id', '=', 'comments.object_id')
            .where('q.status', '!=', 10).where((w) => w.or([w('q.status', '!=', 11), w('q.user_id', '=', uid)])),
        ),
        eb.exists(
          eb.selectFrom('answers as a').innerJoin('questions as aq', 'aq.id', 'a.question_id').select('a.id').whereRef('a.id', '=', 'comments.object_id')
            .where('a.status', '!=', 10).where((w) => w.or([w('a.status', '!=', 11), w('a.user_id', '=', uid)]))
            .where('aq.status', '!=', 10).where((w) => w.or([w('aq.status', '!=', 11), w('aq.user_id', '=', uid)])),
        ),
      ]),
    );
  }
  const [rows, c] = await Promise.all([
    base.selectAll('comments').orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(c.n) };
}
