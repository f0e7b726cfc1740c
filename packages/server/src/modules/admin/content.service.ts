/**
 * Admin content (spec §7 "Admin": /admin/api/question/page, /answer/page and their status calls; spec §4 "Admin
 * status changes"): lists by status with search, and status changes one by one or in bulk. Status changes go
 * through the questions' and answers' own moderation rules (counters, tag counts, activity rows) and are recorded
 * in the admin audit log.
 */
import { PostStatus, type AdminAnswerPageQuery, type AdminAnswerStatusReq, type AdminQuestionPageQuery, type AdminQuestionStatusReq } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { AppError, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { deleteAnswer, recoverAnswer } from '../answer/index.js';
import { closeQuestion, deleteQuestion, invalidateQuestionLists, recoverQuestion, reopenQuestion } from '../question/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { decidePendingPost } from '../review/index.js';
import { findUsersByIds } from '../user/index.js';
import { recordAdminAction } from '../audit/index.js';
import { presentAdminAnswer, presentAdminQuestion } from './content.presenter.js';
import { invalidateDashboard } from './dashboard.service.js';
import * as repo from './content.repository.js';

/** Close reason used when the admin gives none: 'something else', with a note (reason module, type 5). */
const DEFAULT_CLOSE_TYPE = 5;

const STATUS_CODES: Record<string, number> = { normal: PostStatus.normal, available: PostStatus.normal, closed: PostStatus.closed, deleted: PostStatus.deleted, pending: PostStatus.pending };
const STATUS_NAMES: Record<number, string> = { 1: 'normal', 2: 'closed', 10: 'deleted', 11: 'pending' };

/**
 * Reads the search box: `user:<name>` or `@name` searches by author, a run of digits by id (and, for questions, the
 * title too), anything else by title substring.
 */
async function parseSearch(ctx: AppContext, query: string): Promise<repo.ContentSearch> {
  const q = query.trim();
  if (!q) return {};
  const author = /^(?:user:|@)(\S+)$/i.exec(q);
  if (author) return { authorId: await repo.userIdByName(requireDb(ctx), author[1]!) };
  if (/^\d+$/.test(q)) return { id: q };
  return { title: q };
}

/** GET /admin/api/question/page: `{count, list}` of AdminQuestionItem, newest first. */
export async function listQuestions(ctx: AppContext, q: AdminQuestionPageQuery): Promise<{ count: number; list: unknown[] }> {
  const db = requireDb(ctx);
  const { count, rows } = await repo.pageQuestions(db, { status: STATUS_CODES[q.status]!, search: await parseSearch(ctx, q.query), offset: (q.page - 1) * q.page_size, limit: q.page_size });
  const users = await findUsersByIds(db, rows.map((r) => r.user_id));
  return { count, list: rows.map((r) => presentAdminQuestion(r, users)) };
}

/** GET /admin/api/answer/page: `{count, list}` of AdminAnswerItem, newest first. */
export async function listAnswers(ctx: AppContext, q: AdminAnswerPageQuery): Promise<{ count: number; list: unknown[] }> {
  const db = requireDb(ctx);
  const { count, rows } = await repo.pageAnswers(db, { status: STATUS_CODES[q.status]!, search: await parseSearch(ctx, q.query), questionId: q.question_id, offset: (q.page - 1) * q.page_size, limit: q.page_size });
  const users = await findUsersByIds(db, rows.map((r) => r.user_id));
  return { count, list: rows.map((r) => presentAdminAnswer(r, users)) };
}

/**
 * Decides a post waiting in the review queue the way the review page does (counters, tag counts, activity); a
 * pending post without a queue entry is simply set live (approve) or left to the delete that follows (reject).
 */
async function decidePending(ctx: AppContext, admin: UserRow, table: 'questions' | 'answers', id: string, approve: boolean): Promise<void> {
  try {
    await decidePendingPost(ctx, admin, { review_id: id, status: approve ? 'approve' : 'reject' });
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
    if (approve) {
      await repo.approvePending(requireDb(ctx), table, id, nowSeconds());
      invalidateQuestionLists();
    } else if (table === 'questions') await deleteQuestion(ctx, admin, id);
    else await deleteAnswer(ctx, admin, id);
  }
}

async function setQuestionStatus(ctx: AppContext, admin: UserRow, id: string, from: number, input: AdminQuestionStatusReq, lang: string): Promise<void> {
  const to = STATUS_CODES[input.status]!;
  if (from === to) return;
  if (from === PostStatus.pending) await decidePending(ctx, admin, 'questions', id, to !== PostStatus.deleted);
  else if (to === PostStatus.deleted) return deleteQuestion(ctx, admin, id);
  if (to === PostStatus.deleted) return;
  if (from === PostStatus.deleted) await recoverQuestion(ctx, admin, id);
  if (to === PostStatus.normal && from === PostStatus.closed) await reopenQuestion(ctx, admin, id);
  if (to === PostStatus.closed) {
    const closeType = input.close_type ?? DEFAULT_CLOSE_TYPE;
    const closeMsg = input.close_msg || (input.close_type === undefined ? translate('admin.closed_by_admin', lang) : '');
    await closeQuestion(ctx, admin, { id, close_type: closeType, close_msg: closeMsg });
  }
}

/**
 * PUT /admin/api/question/status: `available`/`normal` reopens, undeletes or approves a post waiting for review;
 * `closed` closes (with the given close reason, else 'something else' and a note); `deleted` deletes, or rejects
 * a waiting post (counters and tag counts follow).
 * @throws 404 when any id is unknown (nothing is changed then); close reason field errors
 */
export async function changeQuestionStatus(ctx: AppContext, admin: UserRow, input: AdminQuestionStatusReq, lang: string): Promise<number> {
  const ids = [...new Set(input.question_ids ?? [input.question_id!])];
  const current = await repo.statusesOf(requireDb(ctx), 'questions', ids);
  if (current.size !== ids.length) throw notFound('error.question.not_found');
  for (const id of ids) {
    const from = current.get(id)!;
    await setQuestionStatus(ctx, admin, id, from, input, lang);
    if (STATUS_CODES[input.status] !== from) {
      invalidateDashboard(ctx);
      await recordAdminAction(ctx, admin, { action: 'question.status', targetType: 'question', targetId: id, changes: { status: [STATUS_NAMES[from], STATUS_NAMES[STATUS_CODES[input.status]!]] } });
    }
  }
  return ids.length;
}

/**
 * PUT /admin/api/answer/status: `available`/`normal` undeletes or approves; `deleted` deletes (an accepted answer
 * loses its acceptance; counters follow).
 * @throws 404 when any id is unknown (nothing is changed then)
 */
export async function changeAnswerStatus(ctx: AppContext, admin: UserRow, input: AdminAnswerStatusReq): Promise<number> {
  const ids = [...new Set(input.answer_ids ?? [input.answer_id!])];
  const current = await repo.statusesOf(requireDb(ctx), 'answers', ids);
  if (current.size !== ids.length) throw notFound('error.answer.not_found');
  const to = STATUS_CODES[input.status]!;
  for (const id of ids) {
    const from = current.get(id)!;
    if (from === to) continue;
    if (from === PostStatus.pending) await decidePending(ctx, admin, 'answers', id, to !== PostStatus.deleted);
    else if (to === PostStatus.deleted) await deleteAnswer(ctx, admin, id);
    else if (from === PostStatus.deleted) await recoverAnswer(ctx, admin, id);
    invalidateDashboard(ctx);
    await recordAdminAction(ctx, admin, { action: 'answer.status', targetType: 'answer', targetId: id, changes: { status: [STATUS_NAMES[from], STATUS_NAMES[to]] } });
  }
  return ids.length;
}
