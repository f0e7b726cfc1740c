/**
 * The only place the chat-notice module queries: the questions, tags, posts and flags a notice is made of, and the
 * outbox rows of kind `chat_notice` (the durable queue of migration 001, with the unique `dedup_key` of migration
 * 009 that makes each notice be queued once, whichever node or sweep queues it).
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import { PostStatus, ShowState } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import type { OutboxTable } from '../../core/db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

/** The outbox kind of chat notices (the mail worker takes only `email`). */
export const KIND = 'chat_notice';
/** Outbox states (the same codes as the mail outbox). */
export const NoticeStatus = { pending: 1, sending: 2, sent: 3, failed: 4 } as const;

/** A question as a notice needs it. */
export interface NoticeQuestion {
  id: string;
  title: string;
  parsed_text: string;
  status: number;
  show: number;
  answer_count: number;
  created_at: number;
  author: string;
  tags: { slug_name: string; display_name: string }[];
}

/** Whether a question row is public: listed, and open or closed (not pending review, not deleted). */
export function isPublicQuestion(q: Pick<NoticeQuestion, 'status' | 'show'>): boolean {
  return (q.status === PostStatus.normal || q.status === PostStatus.closed) && q.show === ShowState.listed;
}

/** A question with its author's display name and its tags, or undefined. */
export async function findQuestion(db: Db, id: string): Promise<NoticeQuestion | undefined> {
  const row = await db.kysely
    .selectFrom('questions')
    .leftJoin('users', 'users.id', 'questions.user_id')
    .select(['questions.id', 'questions.title', 'questions.parsed_text', 'questions.status', 'questions.show', 'questions.answer_count', 'questions.created_at', 'users.display_name', 'users.username'])
    .where('questions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags = await db.kysely
    .selectFrom('tag_rel')
    .innerJoin('tags', 'tags.id', 'tag_rel.tag_id')
    .select(['tags.slug_name', 'tags.display_name'])
    .where('tag_rel.object_id', '=', id)
    .where('tag_rel.status', '=', 1)
    .orderBy('tags.slug_name')
    .execute();
  return {
    id: row.id,
    title: row.title,
    parsed_text: row.parsed_text,
    status: Number(row.status),
    show: Number(row.show),
    answer_count: Number(row.answer_count),
    created_at: Number(row.created_at),
    author: row.display_name || row.username || '',
    tags,
  };
}

/** A flagged post: its question and whether the post itself is public ('' question id when there is no post). */
export async function flaggedPost(db: Db, objectType: string, objectId: string): Promise<{ question_id: string; answer_id: string; public: boolean } | undefined> {
  if (objectType === 'question') return { question_id: objectId, answer_id: '', public: true };
  if (objectType === 'answer') {
    const a = await db.kysely.selectFrom('answers').select(['question_id', 'status']).where('id', '=', objectId).executeTakeFirst();
    return a ? { question_id: a.question_id, answer_id: objectId, public: Number(a.status) === PostStatus.normal } : undefined;
  }
  if (objectType === 'comment') {
    const c = await db.kysely.selectFrom('comments').select(['question_id', 'object_id', 'status']).where('id', '=', objectId).executeTakeFirst();
    if (!c) return undefined;
    let visible = Number(c.status) === PostStatus.normal;
    // A comment on an answer is public only while the answer is.
    if (visible && c.object_id !== c.question_id) {
      const a = await db.kysely.selectFrom('answers').select('status').where('id', '=', c.object_id).executeTakeFirst();
      visible = !!a && Number(a.status) === PostStatus.normal;
    }
    return { question_id: c.question_id, answer_id: c.object_id !== c.question_id ? c.object_id : '', public: visible };
  }
  return undefined;
}

/** The flag's object, or undefined. */
export function findFlag(db: Db, id: string): Promise<{ object_id: string; object_type: string } | undefined> {
  return db.kysely.selectFrom('reports').select(['object_id', 'object_type']).where('id', '=', id).executeTakeFirst();
}

/**
 * Open, listed questions without an answer asked in `[from, to]` (unix seconds), oldest first, a page at a time.
 * @param after the last question of the previous page (keyset: created_at, then id), null for the first page
 * @param limit the most returned
 */
export async function unansweredBetween(db: Db, from: number, to: number, after: { id: string; created_at: number } | null, limit: number): Promise<{ id: string; created_at: number }[]> {
  let q = db.kysely
    .selectFrom('questions')
    .select(['id', 'created_at'])
    .where('status', '=', PostStatus.normal)
    .where('show', '=', ShowState.listed)
    .where('answer_count', '=', 0)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to);
  if (after) q = q.where((eb) => eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]));
  const rows = await q.orderBy('created_at').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, created_at: Number(r.created_at) }));
}

/** Which of `keys` are already queued (any state). */
export async function queuedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.kysely.selectFrom('outbox').select('dedup_key').where('dedup_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.dedup_key ?? ''));
}

/**
 * Queues a notice unless its key is queued already (the unique index decides, so two nodes cannot both queue it).
 * @returns false when the key was queued before
 */
export async function insertNotice(db: Db, row: Omit<Insertable<OutboxTable>, 'kind'> & { dedup_key: string }): Promise<boolean> {
  const insert = db.kysely.insertInto('outbox').values({ ...row, kind: KIND });
  const r = await (db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('dedup_key').doNothing())).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Due notices: pending with `next_attempt_at <= now`, or stuck in `sending` since before `staleBefore`; oldest first. */
export function dueNotices(db: Db, now: number, staleBefore: number, limit: number): Promise<OutboxRow[]> {
  return db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', KIND)
    .where((eb) => eb.or([
      eb.and([eb('status', '=', NoticeStatus.pending), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', NoticeStatus.sending), eb('updated_at', '<', staleBefore)]),
    ]))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Compare-and-set claim of a due row as read (status and update time); counts the attempt. True when won. */
export async function claimNotice(db: Db, row: Pick<OutboxRow, 'id' | 'status' | 'updated_at'>, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('outbox')
    .set({ status: NoticeStatus.sending, updated_at: now, attempts: sql`attempts + 1` })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records the outcome of an attempt on a row this worker holds. */
export async function finishNotice(db: Db, id: string, patch: { status: number; next_attempt_at?: number; last_error: string }, now: number): Promise<void> {
  await db.kysely.updateTable('outbox').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/** One notice row by dedup key (tests, admin). */
export function findNoticeByKey(db: Db, key: string): Promise<OutboxRow | undefined> {
  return db.kysely.selectFrom('outbox').selectAll().where('kind', '=', KIND).where('dedup_key', '=', key).executeTakeFirst();
}
