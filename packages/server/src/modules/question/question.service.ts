/**
 * Questions: ask, list, read. Access checks first; writes in one transaction with their revision and
 * activity rows (spec §7 question calls; answer-compat.md).
 */
import { PostStatus, type QuestionAddReq, type QuestionPageQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import { hasPrivilege } from '../privilege/index.js';
import { applyQuestionTags, planQuestionTags, presentTagsOfQuestions, tagIdBySlug } from '../tag/index.js';
import { bumpUserCount, findUsersByIds, isStaff, type UserRow } from '../user/index.js';
import { cacheClear, cacheGet, cacheSet } from './question.cache.js';
import { answerAuthors, findUserIdByUsername } from './question.lookup.js';
import { presentListItem, presentQuestionInfo } from './question.presenter.js';
import * as repo from './question.repository.js';
import { countView } from './question.views.js';

/**
 * POST /question.
 * @returns the id of the new question
 * @throws 403 when the user lacks the ask privilege; 400 field errors from the tag rules
 */
export async function askQuestion(ctx: AppContext, user: UserRow, input: QuestionAddReq): Promise<string> {
  if (!(await hasPrivilege(ctx, user, 'question.add'))) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
  const db = requireDb(ctx);
  const ids = requireIds(ctx);
  const id = await ids.next('question');
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const html = renderMarkdown(input.content);
  const plan = await planQuestionTags(ctx, user, input.tags);
  await transaction(db, async (tx) => {
    await repo.insertQuestion(tx, {
      id,
      user_id: user.id,
      title: input.title,
      original_text: input.content,
      parsed_text: html,
      status: PostStatus.normal,
      revision_id: revisionId,
      created_at: now,
      updated_at: now,
      post_updated_at: now,
    });
    await applyQuestionTags(tx, id, plan, now);
    await bumpUserCount(tx, user.id, 'question_count', 1);
    await repo.insertRevision(tx, {
      id: revisionId,
      user_id: user.id,
      object_type: 'question',
      object_id: id,
      title: input.title,
      content: JSON.stringify({ title: input.title, content: input.content, tags: input.tags.map((t) => t.slug_name) }),
      log: '',
      status: 2,
      created_at: now,
      updated_at: now,
    });
    await repo.insertActivity(tx, { id: activityId, user_id: user.id, object_id: id, original_object_id: id, activity_type: 'asked', revision_id: revisionId, created_at: now, updated_at: now });
  });
  cacheClear();
  return id;
}

/**
 * GET /question/page. Anonymous pages are served from a 2-second cache.
 * @returns `{count, list}` of list items
 */
export async function questionPage(ctx: AppContext, q: QuestionPageQuery): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const key = JSON.stringify(q);
  const hit = cacheGet<{ count: number; list: Record<string, unknown>[] }>(key);
  if (hit) return hit;
  const db = requireDb(ctx);
  const filter: repo.ListFilter = { order: q.order };
  if (q.tag) {
    const tagId = await tagIdBySlug(ctx, q.tag);
    if (!tagId) return { count: 0, list: [] };
    filter.tagId = tagId;
  }
  if (q.username) {
    const userId = await findUserIdByUsername(ctx, q.username);
    if (!userId) return { count: 0, list: [] };
    filter.userId = userId;
  }
  if (q.in_days) filter.since = nowSeconds() - q.in_days * 86400;
  const [rows, count] = await Promise.all([repo.listQuestions(db, filter, (q.page - 1) * q.page_size, q.page_size), repo.countQuestions(db, filter)]);
  const ids = rows.map((r) => r.id);
  const lastAnswerIds = rows.map((r) => r.last_answer_id).filter(Boolean);
  const answerAuthorIds = await answerAuthors(ctx, lastAnswerIds);
  const [tags, users] = await Promise.all([
    presentTagsOfQuestions(ctx, ids),
    findUsersByIds(db, [...rows.map((r) => r.user_id), ...answerAuthorIds.values()]),
  ]);
  const list = rows.map((r) => presentListItem(r, tags.get(r.id) ?? [], users.get(r.user_id), users.get(answerAuthorIds.get(r.last_answer_id) ?? '')));
  const result = { count, list };
  cacheSet(key, result);
  return result;
}

/** A question visible to `viewer`; 404 for missing and deleted ones (staff see deleted), pending for owner/staff. */
export async function getVisibleQuestion(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<repo.QuestionRow> {
  const q = await repo.findQuestion(requireDb(ctx), id);
  if (!q) throw notFound('error.question.not_found');
  const privileged = viewer && (isStaff(viewer) || viewer.id === q.user_id);
  if (q.status === PostStatus.deleted && !(viewer && isStaff(viewer))) throw notFound('error.question.not_found');
  if (q.status === PostStatus.pending && !privileged) throw notFound('error.question.not_found');
  return q;
}

/** GET /question/info: the question with tags, author and the viewer's own state; counts a view. */
export async function questionInfo(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const q = await getVisibleQuestion(ctx, id, viewer);
  const [tags, users, state, first] = await Promise.all([
    presentTagsOfQuestions(ctx, [q.id]),
    findUsersByIds(db, [q.user_id, q.last_edit_user_id]),
    viewer ? repo.viewerState(db, q.id, viewer.id) : Promise.resolve({ answered: false, collected: false, vote: '', followed: false }),
    repo.firstAnswerId(db, q.id),
  ]);
  countView(ctx, q.id);
  return presentQuestionInfo(q, tags.get(q.id) ?? [], users, { answered: state.answered, collected: state.collected, vote_status: state.vote, is_followed: state.followed }, first);
}

/** Requires a question that accepts answers (exists, visible, not closed or deleted). */
export async function requireAnswerableQuestion(ctx: AppContext, id: string, viewer: UserRow): Promise<repo.QuestionRow> {
  const q = await getVisibleQuestion(ctx, id, viewer);
  if (q.status === PostStatus.closed) throw forbidden('error.question.closed');
  if (q.status !== PostStatus.normal) throw notFound('error.question.not_found');
  return q;
}

/** Drops cached list pages (after writes by other modules). */
export { cacheClear as invalidateQuestionLists };
