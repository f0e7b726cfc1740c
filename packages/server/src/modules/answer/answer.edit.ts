/**
 * Editing answers (PUT /answer) and applying approved suggested edits; same rules as questions
 * (question.edit.ts): owner, moderators and answer.edit_without_review edit at once, answer.edit suggests an edit
 * that waits for review, and editing back to an earlier approved version records 'rollback'.
 */
import { PostStatus, type AnswerUpdateReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { emitDomain } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { recordActivity } from '../activity/index.js';
import { editMode, isModerator, requirePrivilege } from '../privilege/index.js';
import { getVisibleQuestionRef, invalidateQuestionLists, recordQuestionLinks } from '../question/index.js';
import { answerSnapshot, approvedRevisions, findPendingRevision, insertRevision, type AnswerSnapshot } from '../revision/index.js';
import { indexAnswer } from '../search/index.js';
import { getSettings } from '../siteinfo/index.js';
import type { UserRow } from '../../core/auth/index.js';
import * as repo from './answer.repository.js';
import { checkEditLimits } from '../spam/index.js';
import { reviewPostEdit } from '../reviewer/reviewer.apply.js';
import { checkPostOpen } from '../lock/index.js';

/** Work done before the transaction opens. */
export interface PreparedAnswerEdit {
  html: string;
  siteUrl: string;
}

/** Renders an answer edit. */
export async function prepareAnswerEdit(ctx: AppContext, snap: AnswerSnapshot): Promise<PreparedAnswerEdit> {
  const { general } = await getSettings(ctx);
  return { html: renderMarkdown(snap.content), siteUrl: general.site_url };
}

/** Writes an edit into the answer inside the caller's transaction (body, linked questions, search index). */
export async function writeAnswerEdit(tx: Db, a: repo.AnswerRow, snap: AnswerSnapshot, prep: PreparedAnswerEdit, editorId: string, revisionId: string, now: number): Promise<void> {
  await repo.updateAnswer(tx, a.id, { original_text: snap.content, parsed_text: prep.html, last_edit_user_id: editorId, revision_id: revisionId, updated_at: now });
  await recordQuestionLinks(tx, a.question_id, snap.content, prep.siteUrl, now);
  await indexAnswer(tx, { id: a.id, question_id: a.question_id, user_id: a.user_id, parsed_text: prep.html, created_at: a.created_at });
}

/**
 * An answer that can be edited: exists, not deleted; pending ones only by their author or staff; on a question
 * the user may see (as answer/info requires).
 * @throws 404 `error.answer.not_found`; 404 `error.question.not_found` when its question is hidden from the user
 */
export async function requireEditableAnswer(ctx: AppContext, id: string, user: UserRow): Promise<repo.AnswerRow> {
  const a = await repo.findAnswer(requireDb(ctx), id);
  if (!a || a.status === PostStatus.deleted) throw notFound('error.answer.not_found');
  if (a.status === PostStatus.pending && !(isModerator(user) || a.user_id === user.id)) throw notFound('error.answer.not_found');
  await getVisibleQuestionRef(ctx, a.question_id, user);
  return a;
}

/**
 * Whether `user` may start editing the answer now.
 * @throws 403 rank too low; 400 `error.revision.review_underway` while another edit waits for review
 */
export async function checkAnswerEditable(ctx: AppContext, user: UserRow, a: repo.AnswerRow): Promise<'direct' | 'review'> {
  const mode = await editMode(ctx, user, 'answer', a.user_id, a.wiki_at > 0);
  if (mode === 'denied') await requirePrivilege(ctx, user, 'answer.edit');
  if (await findPendingRevision(requireDb(ctx), a.id)) throw badRequest('error.revision.review_underway');
  return mode === 'review' ? 'review' : 'direct';
}

async function isRollback(db: Db, a: repo.AnswerRow, snap: AnswerSnapshot): Promise<boolean> {
  if (a.original_text === snap.content) return false;
  const revs = await approvedRevisions(db, a.id, 50);
  return revs.some((r) => r.id !== a.revision_id && answerSnapshot(r.content).content === snap.content);
}

/**
 * PUT /answer.
 * @returns the edit mode and the answer id
 * @throws 404, 403 (rank), 400 review underway; the new-member limits (modules/spam): 429 over `edits_per_hour`,
 *   400 field errors on `content`
 */
export async function editAnswer(ctx: AppContext, user: UserRow, input: AnswerUpdateReq): Promise<{ mode: 'direct' | 'review'; answer: repo.AnswerRow }> {
  const db = requireDb(ctx);
  const a = await requireEditableAnswer(ctx, input.id, user);
  await checkPostOpen(ctx, user, 'edit', { objectId: a.id, questionId: a.question_id });
  const editable = await checkAnswerEditable(ctx, user, a);
  await checkEditLimits(ctx, user, input.content, 'content');
  // A reviewer's queue verdict makes the edit a suggested edit waiting for review (modules/reviewer).
  const mode = (await reviewPostEdit(ctx, user, 'answer', a.id, { content: input.content })) ? 'review' : editable;
  const snap: AnswerSnapshot = { content: input.content };
  const prep = await prepareAnswerEdit(ctx, snap);
  const ids = requireIds(ctx);
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const revision = { id: revisionId, user_id: user.id, object_type: 'answer', object_id: a.id, title: '', content: JSON.stringify(snap), log: input.edit_summary, created_at: now, updated_at: now };
  if (mode === 'review') {
    await insertRevision(db, { ...revision, status: 1 });
    return { mode, answer: a };
  }
  const rollback = await isRollback(db, a, snap);
  await transaction(db, async (tx) => {
    await insertRevision(tx, { ...revision, status: 2 });
    await writeAnswerEdit(tx, a, snap, prep, user.id, revisionId, now);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: a.id, originalObjectId: a.question_id, activityType: rollback ? 'rollback' : 'edited', revisionId, now });
  });
  invalidateQuestionLists();
  await emitDomain(ctx, { type: 'post.edited', user_id: user.id, object_id: a.id });
  return { mode, answer: a };
}
