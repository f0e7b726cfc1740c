/**
 * Admin content lists: questions and answers by status, newest first, searchable. Status filters and the order
 * use the (status, created_at, id) indexes of migration 006, so a page and its count stay fast at 100k rows.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';

/** What the search box asked for: an id, an author (`user:<name>` or `@name`), or a title substring. */
export interface ContentSearch {
  id?: string;
  authorId?: string | null;
  title?: string;
}

export interface ContentFilter {
  status: number;
  search: ContentSearch;
  offset: number;
  limit: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user id of a username, or null. */
export async function userIdByName(db: Db, username: string): Promise<string | null> {
  const row = await db.kysely.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

export interface AdminQuestionRow {
  id: string;
  title: string;
  user_id: string;
  status: number;
  pin: number;
  show: number;
  vote_count: number;
  answer_count: number;
  accepted_answer_id: string;
  created_at: number;
  updated_at: number;
  post_updated_at: number;
}

/** One page of questions in one status, and how many match. */
export async function pageQuestions(db: Db, f: ContentFilter): Promise<{ count: number; rows: AdminQuestionRow[] }> {
  let q = db.kysely.selectFrom('questions').where('status', '=', f.status);
  if (f.search.authorId !== undefined) q = q.where('user_id', '=', f.search.authorId ?? '');
  if (f.search.id) {
    const id = f.search.id;
    q = q.where((eb: ExpressionBuilder<Database, 'questions'>) => eb.or([eb('id', '=', id), sql<boolean>`lower(title) like ${`%${escapeLike(id)}%`} escape ${'\\'}`]));
  } else if (f.search.title) {
    q = q.where(sql<boolean>`lower(title) like ${`%${escapeLike(f.search.title.toLowerCase())}%`} escape ${'\\'}`);
  }
  // Ids first (an index-only walk past the offset), then the rows of that page: deep pages stay cheap.
  const [total, idRows] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    q.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute(),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await db.kysely
        .selectFrom('questions')
        .select(['id', 'title', 'user_id', 'status', 'pin', 'show', 'vote_count', 'answer_count', 'accepted_answer_id', 'created_at', 'updated_at', 'post_updated_at'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, { ...r, created_at: Number(r.created_at), updated_at: Number(r.updated_at), post_updated_at: Number(r.post_updated_at) }]));
  return { count: Number(total?.n ?? 0), rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
}

export interface AdminAnswerRow {
  id: string;
  question_id: string;
  user_id: string;
  parsed_text: string;
  status: number;
  accepted: number;
  vote_count: number;
  created_at: number;
  updated_at: number;
  question_title: string | null;
}

/** One page of answers in one status (optionally of one question), with their question's title. */
export async function pageAnswers(db: Db, f: ContentFilter & { questionId?: string }): Promise<{ count: number; rows: AdminAnswerRow[] }> {
  let q = db.kysely.selectFrom('answers as a').leftJoin('questions as q', 'q.id', 'a.question_id').where('a.status', '=', f.status);
  if (f.questionId) q = q.where('a.question_id', '=', f.questionId);
  if (f.search.authorId !== undefined) q = q.where('a.user_id', '=', f.search.authorId ?? '');
  if (f.search.id) {
    const id = f.search.id;
    q = q.where((eb) => eb.or([eb('a.id', '=', id), eb('a.question_id', '=', id)]));
  } else if (f.search.title) {
    q = q.where(sql<boolean>`lower(q.title) like ${`%${escapeLike(f.search.title.toLowerCase())}%`} escape ${'\\'}`);
  }
  const [total, idRows] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    q.select('a.id').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').offset(f.offset).limit(f.limit).execute(),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await db.kysely
        .selectFrom('answers as a')
        .leftJoin('questions as q', 'q.id', 'a.question_id')
        .select(['a.id', 'a.question_id', 'a.user_id', 'a.parsed_text', 'a.status', 'a.accepted', 'a.vote_count', 'a.created_at', 'a.updated_at', 'q.title as question_title'])
        .where('a.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, { ...r, created_at: Number(r.created_at), updated_at: Number(r.updated_at) }]));
  return { count: Number(total?.n ?? 0), rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
}

/** Sets a pending question or answer live (status 1). */
export async function approvePending(db: Db, table: 'questions' | 'answers', id: string, now: number): Promise<void> {
  await db.kysely.updateTable(table).set({ status: 1, updated_at: now }).where('id', '=', id).where('status', '=', 11).execute();
}

/** Current status of the given ids. */
export async function statusesOf(db: Db, table: 'questions' | 'answers', ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom(table).select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}
