/**
 * Answers: post and list (spec §7; answer min 6 characters, one answer per user per question while
 * site_write.restrict_answer is on).
 */
import { PostStatus, type AnswerAddReq, type AnswerPageQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { AppError, badRequest } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import { hasPrivilege } from '../privilege/index.js';
import { getVisibleQuestion, insertActivity, insertRevision, invalidateQuestionLists, noteAnswerAdded, requireAnswerableQuestion } from '../question/index.js';
import { getSettings } from '../siteinfo/index.js';
import { bumpUserCount, findUsersByIds, type UserRow } from '../user/index.js';
import { presentAnswer } from './answer.presenter.js';
import * as repo from './answer.repository.js';

/**
 * POST /answer.
 * @returns the new answer as presented
 * @throws 404 unknown question; 403 closed question or missing privilege; 400 toast `error.answer.restrict_answer`
 */
export async function addAnswer(ctx: AppContext, user: UserRow, input: AnswerAddReq): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  if (!(await hasPrivilege(ctx, user, 'answer.add'))) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
  const question = await requireAnswerableQuestion(ctx, input.question_id, user);
  const { site_write } = await getSettings(ctx);
  if (site_write.restrict_answer && (await repo.findUserAnswer(db, question.id, user.id))) throw badRequest('error.answer.restrict_answer');
  const ids = requireIds(ctx);
  const id = await ids.next('answer');
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const row = {
    id,
    question_id: question.id,
    user_id: user.id,
    last_edit_user_id: '',
    original_text: input.content,
    parsed_text: renderMarkdown(input.content),
    status: PostStatus.normal,
    accepted: 1,
    vote_count: 0,
    revision_id: revisionId,
    created_at: now,
    updated_at: now,
  };
  await transaction(db, async (tx) => {
    await repo.insertAnswer(tx, row);
    await noteAnswerAdded(tx, question.id, id, now);
    await bumpUserCount(tx, user.id, 'answer_count', 1);
    await insertRevision(tx, { id: revisionId, user_id: user.id, object_type: 'answer', object_id: id, title: '', content: JSON.stringify({ content: input.content }), log: '', status: 2, created_at: now, updated_at: now });
    await insertActivity(tx, { id: activityId, user_id: user.id, object_id: id, original_object_id: question.id, activity_type: 'answered', revision_id: revisionId, created_at: now, updated_at: now });
  });
  invalidateQuestionLists();
  return presentAnswer(row, new Map([[user.id, user]]), { vote_status: '', collected: false });
}

/** GET /answer/page: one page of a question's answers with authors and the viewer's votes and bookmarks. */
export async function answerPage(ctx: AppContext, q: AnswerPageQuery, viewer: UserRow | undefined): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const question = await getVisibleQuestion(ctx, q.question_id, viewer);
  const [rows, count] = await Promise.all([
    repo.listAnswers(db, question.id, q.order, (q.page - 1) * q.page_size, q.page_size),
    repo.countAnswers(db, question.id),
  ]);
  const ids = rows.map((r) => r.id);
  const [users, state] = await Promise.all([
    findUsersByIds(db, rows.flatMap((r) => [r.user_id, r.last_edit_user_id])),
    viewer ? repo.viewerStates(db, ids, viewer.id) : Promise.resolve({ votes: new Map<string, string>(), collected: new Set<string>() }),
  ]);
  return { count, list: rows.map((r) => presentAnswer(r, users, { vote_status: state.votes.get(r.id) ?? '', collected: state.collected.has(r.id) })) };
}
