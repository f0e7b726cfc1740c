/**
 * The edit of a flag decision (PUT /report/review `edit_post`, Answer's ReviewReportReq with `title`, `content`,
 * `tags`): the moderator's changes are applied as their own edit of the flagged question or answer, through the
 * same edit calls as PUT /question and PUT /answer (a revision, the 'edited' timeline row, the author's notice).
 * Fields left out keep the post's current value; with none of them sent nothing is edited (the moderator edited
 * through the edit page, or the admin content list's 'edit' action) and the flag is only settled. Comments are
 * never edited here.
 */
import { AnswerUpdateReq, QuestionUpdateReq, type ReportReviewReq } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { parse } from '../../core/http.js';
import { translate } from '../../core/i18n.js';
import { editAnswer, findAnswer } from '../answer/index.js';
import { editQuestion, findQuestion } from '../question/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { type UserRow } from '../../core/auth/index.js';
import type { ReportRow } from './report.repository.js';

/** A validated edit, ready to run once the flag is claimed. */
export type PreparedEdit = () => Promise<void>;

/**
 * Builds and validates the edit an `edit_post` decision carries, before the flag is claimed.
 * @returns the edit to run, or null when there is nothing to edit
 * @throws 404 the flagged post is gone; 400 field errors of PUT /question / PUT /answer (`title`, `content`, `tags`)
 */
export async function prepareFlaggedPostEdit(ctx: AppContext, mod: UserRow, flag: ReportRow, input: ReportReviewReq): Promise<PreparedEdit | null> {
  if (input.title === undefined && input.content === undefined && input.tags === undefined) return null;
  const db = requireDb(ctx);
  const edit_summary = translate('review.outcome.edit_summary', 'en_US');
  if (flag.object_type === 'question') {
    const q = await findQuestion(db, flag.object_id);
    if (!q) throw notFound('error.question.not_found');
    const current = (await presentTagsOfQuestions(ctx, [q.id])).get(q.id) ?? [];
    const tags = input.tags ?? current.map((t) => ({ slug_name: String(t.slug_name) }));
    const req = parse(QuestionUpdateReq, { id: q.id, title: input.title ?? q.title, content: input.content ?? q.original_text, tags, edit_summary });
    return async () => void (await editQuestion(ctx, mod, req));
  }
  if (flag.object_type === 'answer') {
    const a = await findAnswer(db, flag.object_id);
    if (!a) throw notFound('error.answer.not_found');
    const req = parse(AnswerUpdateReq, { id: a.id, content: input.content ?? a.original_text, edit_summary });
    return async () => void (await editAnswer(ctx, mod, req));
  }
  return null;
}
