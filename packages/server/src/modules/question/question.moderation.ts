/**
 * Question moderation: delete and undelete, close with a reason and reopen, pin/unpin and list/unlist
 * (spec §4 "Post actions"). Rules (answer-compat.md: never granted by reputation):
 * - moderators and admins may do all of them;
 * - the owner may delete their own question while it has no accepted answer and no live answer by someone
 *   else (others' work is not thrown away with it); 400 `error.question.cannot_delete` otherwise;
 * - everyone else gets 403 `error.object.no_permission`.
 * Each action writes its timeline activity (deleted, undeleted, closed, reopened, pin, unpin, hide, show).
 */
import { PinState, PostStatus, ShowState, type QuestionCloseReq, type QuestionOperationReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/index.js';
import { badRequest, fieldError, forbidden, notFound } from '../../core/errors.js';
import { recordActivity } from '../activity/index.js';
import { isModerator } from '../privilege/index.js';
import { closeReason } from '../reason/index.js';
import { translate } from '../../core/i18n.js';
import { type UserRow } from '../../core/auth/index.js';
import { bumpUserCount } from '../user/index.js';
import { cacheClear } from './question.cache.js';
import * as repo from './question.repository.js';
import { adjustTagCounts, deleteCloseReason, linkedTagIds, saveCloseReason } from './question.state.repository.js';
import { endCloseVoteRound } from '../close-vote/close-vote.repository.js';

function requireModerator(user: UserRow): void {
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
}

async function findLive(ctx: AppContext, id: string): Promise<repo.QuestionRow> {
  const q = await repo.findQuestion(requireDb(ctx), id);
  if (!q || q.status === PostStatus.deleted) throw notFound('error.question.not_found');
  return q;
}

/**
 * Runs a moderation write with its activity row (id taken before the transaction).
 * @param reason the timeline text of the action ('' none)
 */
async function withActivity(ctx: AppContext, user: UserRow, q: repo.QuestionRow, type: string, write: (tx: Db, now: number) => Promise<void>, reason = ''): Promise<void> {
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(requireDb(ctx), async (tx) => {
    await write(tx, now);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: type, reason, now });
  });
  cacheClear();
}

/**
 * DELETE /question. Deleting an already deleted question succeeds without change.
 * @throws 404 unknown; 403 not owner nor moderator; 400 toast `error.question.cannot_delete` for an owner when
 *   others answered or an answer is accepted
 */
export async function deleteQuestion(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const db = requireDb(ctx);
  const q = await repo.findQuestion(db, id);
  if (!q) throw notFound('error.question.not_found');
  if (q.status === PostStatus.deleted) return;
  if (!isModerator(user)) {
    if (q.user_id !== user.id) throw forbidden('error.object.no_permission');
    if (q.accepted_answer_id || (await repo.countAnswersByOthers(db, q.id, user.id)) > 0) throw badRequest('error.question.cannot_delete');
  }
  await withActivity(ctx, user, q, 'deleted', async (tx, now) => {
    await repo.updateQuestion(tx, q.id, { status: PostStatus.deleted, updated_at: now });
    await bumpUserCount(tx, q.user_id, 'question_count', -1);
    await adjustTagCounts(tx, await linkedTagIds(tx, q.id), -1);
  });
}

/**
 * POST /question/recover (undelete; moderators only). The question comes back open (status 1).
 * @throws 404 unknown; 403 not a moderator
 */
export async function recoverQuestion(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  requireModerator(user);
  const q = await repo.findQuestion(requireDb(ctx), id);
  if (!q) throw notFound('error.question.not_found');
  if (q.status !== PostStatus.deleted) return;
  await withActivity(ctx, user, q, 'undeleted', async (tx, now) => {
    await endCloseVoteRound(tx, q.id, now);
    await repo.updateQuestion(tx, q.id, { status: PostStatus.normal, updated_at: now });
    await deleteCloseReason(tx, q.id);
    await bumpUserCount(tx, q.user_id, 'question_count', 1);
    await adjustTagCounts(tx, await linkedTagIds(tx, q.id), 1);
  });
}

/**
 * PUT /question/status: closes a question with one of the close reasons (GET /reasons?object_type=question&
 * action=close); reasons that take text need `close_msg`. The 'closed' timeline row carries the reason (its name
 * and the text), as Answer's timeline shows the close message of a 'closed' row.
 * @throws 403 not a moderator; 404; 400 field errors `close_type` (unknown reason) and `close_msg` (missing text)
 */
export async function closeQuestion(ctx: AppContext, user: UserRow, input: QuestionCloseReq): Promise<void> {
  requireModerator(user);
  const q = await findLive(ctx, input.id);
  const reason = closeReason(input.close_type);
  if (!reason) throw fieldError('close_type', 'error.question.close_reason_invalid');
  if (reason.content_type && !input.close_msg) throw fieldError('close_msg', 'error.question.close_msg_required');
  const metaId = await requireIds(ctx).next('meta');
  const closeMsg = reason.content_type ? (input.close_msg ?? '') : '';
  // The timeline text: the reason's name and the moderator's text, in the language the other moderation rows use.
  const timelineReason = [translate(`${reason.key}.name`, 'en_US'), closeMsg].filter(Boolean).join(': ');
  await withActivity(ctx, user, q, 'closed', async (tx, now) => {
    await endCloseVoteRound(tx, q.id, now);
    await repo.updateQuestion(tx, q.id, { status: PostStatus.closed, updated_at: now });
    await saveCloseReason(tx, metaId, q.id, JSON.stringify({ close_type: reason.reason_type, close_msg: closeMsg }), user.id, now);
  }, timelineReason);
}

/**
 * PUT /question/reopen (moderators). Reopening an open question succeeds without change.
 * @throws 403 not a moderator; 404
 */
export async function reopenQuestion(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  requireModerator(user);
  const q = await findLive(ctx, id);
  if (q.status !== PostStatus.closed) return;
  await withActivity(ctx, user, q, 'reopened', async (tx, now) => {
    await endCloseVoteRound(tx, q.id, now);
    await repo.updateQuestion(tx, q.id, { status: PostStatus.normal, updated_at: now });
    await deleteCloseReason(tx, q.id);
  });
}

/**
 * PUT /question/operation: pin/unpin (global, listed first in the newest and active orders) and hide/show
 * (unlisted questions stay reachable by their link). Moderators only; a no-op when already in that state.
 * @throws 403 not a moderator; 404
 */
export async function operateQuestion(ctx: AppContext, user: UserRow, input: QuestionOperationReq): Promise<void> {
  requireModerator(user);
  const q = await findLive(ctx, input.id);
  const fields =
    input.operation === 'pin' ? { pin: PinState.pinned } :
    input.operation === 'unpin' ? { pin: PinState.unpinned } :
    input.operation === 'hide' ? { show: ShowState.unlisted } : { show: ShowState.listed };
  if (('pin' in fields && q.pin === fields.pin) || ('show' in fields && q.show === fields.show)) return;
  await withActivity(ctx, user, q, input.operation, async (tx, now) => {
    await repo.updateQuestion(tx, q.id, { ...fields, updated_at: now });
  });
}
