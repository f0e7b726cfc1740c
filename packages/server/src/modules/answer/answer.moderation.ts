/**
 * Deleting, undeleting and accepting answers.
 * - Delete: moderators always; the author while the answer is not the accepted one (400
 *   `error.answer.cannot_delete_accepted`); others 403. A moderator deleting the accepted answer also takes the
 *   acceptance back, with its reputation.
 * - Undelete: moderators only.
 * - Accept (POST /answer/acceptance): the question's owner or a moderator. Reputation (answer-compat.md):
 *   +15 to the answer's author (not under the daily cap) and +2 to the question's author; nothing when the
 *   owner accepts their own answer. Accepting another answer or sending answer_id '0' / '' first undoes the
 *   previous acceptance exactly (its activity rows are cancelled and their stored deltas reversed).
 */
import { PostStatus, type AcceptAnswerReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/index.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { emitDomain, publishLive } from '../../core/events.js';
import { applyReputation, cancelActivities, recordActivity } from '../activity/index.js';
import { isModerator } from '../privilege/index.js';
import { bumpAnswerCount, findQuestion, invalidateQuestionLists, updateQuestion } from '../question/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { bumpUserCount } from '../user/index.js';
import { notifyAccepted } from './answer.notify.js';
import * as repo from './answer.repository.js';
import { protectAfterAnswerDeleted } from '../lock/index.js';

const ACCEPTED = 2;
const NOT_ACCEPTED = 1;

/** Takes back the acceptance of `answerId` on question `questionId` inside a transaction. */
async function undoAcceptance(tx: Db, questionId: string, answerId: string, now: number): Promise<void> {
  await cancelActivities(tx, { objectId: answerId, activityTypes: ['accept'] }, now);
  await repo.updateAnswer(tx, answerId, { accepted: NOT_ACCEPTED });
  await updateQuestion(tx, questionId, { accepted_answer_id: '', updated_at: now });
}

/**
 * DELETE /answer. Deleting a deleted answer succeeds without change.
 * @throws 404; 403 not author nor moderator; 400 toast `error.answer.cannot_delete_accepted`
 */
export async function deleteAnswer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const db = requireDb(ctx);
  const a = await repo.findAnswer(db, id);
  if (!a) throw notFound('error.answer.not_found');
  if (a.status === PostStatus.deleted) return;
  if (!isModerator(user)) {
    if (a.user_id !== user.id) throw forbidden('error.object.no_permission');
    if (a.accepted === ACCEPTED) throw badRequest('error.answer.cannot_delete_accepted');
  }
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    if (a.accepted === ACCEPTED) await undoAcceptance(tx, a.question_id, a.id, now);
    await repo.updateAnswer(tx, a.id, { status: PostStatus.deleted, updated_at: now });
    if (a.status === PostStatus.normal) await bumpAnswerCount(tx, a.question_id, -1);
    await bumpUserCount(tx, a.user_id, 'answer_count', -1);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: a.id, originalObjectId: a.question_id, activityType: 'deleted', now });
  });
  invalidateQuestionLists();
  await protectAfterAnswerDeleted(ctx, a.question_id, user.id);
}

/**
 * POST /answer/recover (moderators). The answer comes back visible (status 1).
 * @throws 403 not a moderator; 404
 */
export async function recoverAnswer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
  const db = requireDb(ctx);
  const a = await repo.findAnswer(db, id);
  if (!a) throw notFound('error.answer.not_found');
  if (a.status !== PostStatus.deleted) return;
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    await repo.updateAnswer(tx, a.id, { status: PostStatus.normal, updated_at: now });
    await bumpAnswerCount(tx, a.question_id, 1);
    await bumpUserCount(tx, a.user_id, 'answer_count', 1);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: a.id, originalObjectId: a.question_id, activityType: 'undeleted', now });
  });
  invalidateQuestionLists();
}

/**
 * POST /answer/acceptance.
 * @throws 404 unknown question or answer (or an answer of another question, or not visible); 403 neither the
 *   question's owner nor a moderator
 */
export async function acceptAnswer(ctx: AppContext, user: UserRow, input: AcceptAnswerReq): Promise<void> {
  const db = requireDb(ctx);
  const q = await findQuestion(db, input.question_id);
  if (!q || q.status === PostStatus.deleted) throw notFound('error.question.not_found');
  if (!(isModerator(user) || q.user_id === user.id)) throw forbidden('error.object.no_permission');
  const target = input.answer_id && input.answer_id !== '0' ? input.answer_id : '';
  let answer: repo.AnswerRow | undefined;
  if (target) {
    answer = await repo.findAnswer(db, target);
    if (!answer || answer.question_id !== q.id || answer.status !== PostStatus.normal) throw notFound('error.answer.not_found');
  }
  if (target === q.accepted_answer_id) return;
  const ids = requireIds(ctx);
  const [actorRow, authorRow, askerRow] = [await ids.next('activity'), await ids.next('activity'), await ids.next('activity')];
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    if (q.accepted_answer_id) await undoAcceptance(tx, q.id, q.accepted_answer_id, now);
    if (!answer) return;
    await repo.updateAnswer(tx, answer.id, { accepted: ACCEPTED });
    await updateQuestion(tx, q.id, { accepted_answer_id: answer.id, updated_at: now });
    const base = { objectId: answer.id, originalObjectId: q.id, activityType: 'accept', now };
    if (answer.user_id === q.user_id) {
      // Own answer: recorded, no reputation.
      await recordActivity(tx, { ...base, id: actorRow, userId: user.id });
      return;
    }
    if (user.id !== q.user_id) await recordActivity(tx, { ...base, id: actorRow, userId: user.id });
    // A community wiki answer earns its author nothing for acceptance (modules/wiki; Stack Exchange).
    if (!answer.wiki_at) await applyReputation(tx, { ...base, id: authorRow, userId: answer.user_id, triggerUserId: user.id, rule: 'answer.accepted' });
    await applyReputation(tx, { ...base, id: askerRow, userId: q.user_id, triggerUserId: user.id === q.user_id ? '' : user.id, rule: 'answer.accept' });
  });
  invalidateQuestionLists();
  if (answer) await notifyAccepted(ctx, q, answer, user.id);
  // Reputation changed for both sides: their achievement counts follow live.
  publishLive(ctx, { type: 'notification', user_ids: [q.user_id, ...(answer ? [answer.user_id] : [])] });
  if (answer) await emitDomain(ctx, { type: 'answer.accepted', answer_id: answer.id, answer_user_id: answer.user_id, question_user_id: q.user_id });
}
