/**
 * Flags (spec §3 "Report or flag payload", §5 flag rules, §7 POST /report, PUT /report/review,
 * PUT /admin/api/report). A member with the `report.add` privilege flags a question, answer, comment or user
 * with one of the reasons of GET /reasons?action=flag; one waiting flag per member per object (400
 * `error.report.duplicate`). Moderators settle a flag once: the flag is claimed with a compare-and-set before the
 * action runs (a second moderator gets 400 `error.review.already_handled`), every waiting flag on the object is
 * settled with it, the action is recorded in the timeline with its reason, and the flaggers are notified.
 * Each flag weighs its flagger's record (report.weight.ts); enough weight hides a post pending review, and any
 * decision first puts a hidden post back as it was (report.hide.ts).
 */
import { FlagStatus, type AdminReportReq, type ReportAddReq, type ReportOperation, type ReportReviewReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { objectTypeOf, transaction } from '../../core/db/index.js';
import { badRequest, fieldError, forbidden, notFound } from '../../core/errors.js';
import { emitDomain } from '../../core/events.js';
import { translate } from '../../core/i18n.js';
import { changeStatus } from '../admin-user/index.js';
import { deleteAnswer, getVisibleAnswer } from '../answer/index.js';
import { removeComment } from '../comment/index.js';
import { InboxType, notify } from '../notification/index.js';
import { isModerator, requirePrivilege } from '../privilege/index.js';
import { closeQuestion, deleteQuestion, findQuestion, getVisibleQuestion, operateQuestion } from '../question/index.js';
import { anyFlagReason, closeReason, flagReason } from '../reason/index.js';
import { getSettings } from '../siteinfo/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { prepareFlaggedPostEdit, type PreparedEdit } from './report.edit.js';
import { hideWhenHeavy, holdOn, rehide, release } from './report.hide.js';
import * as repo from './report.repository.js';
import { flagWeight, hideThreshold } from './report.weight.js';
import { checkFlagLimit } from '../spam/index.js';

type FlagTarget = { type: 'question' | 'answer' | 'comment' | 'user'; authorId: string; text: string; questionId: string };

/** The flagged object as the flagger may see it. @throws 404 */
async function flagTarget(ctx: AppContext, user: UserRow, objectId: string): Promise<FlagTarget> {
  const db = requireDb(ctx);
  const type = /^\d{1,16}$/.test(objectId) ? 'user' : objectTypeOf(objectId);
  if (type === 'question') {
    const q = await getVisibleQuestion(ctx, objectId, user);
    return { type, authorId: q.user_id, text: q.original_text, questionId: q.id };
  }
  if (type === 'answer') {
    const a = await getVisibleAnswer(ctx, objectId, user);
    return { type, authorId: a.user_id, text: a.original_text, questionId: a.question_id };
  }
  if (type === 'comment') {
    const c = await repo.findCommentRow(db, objectId);
    if (!c || c.status === 10) throw notFound('error.comment.not_found');
    return { type, authorId: c.user_id, text: c.original_text, questionId: c.question_id };
  }
  if (type === 'user') {
    const u = (await findUsersByIds(db, [objectId])).get(objectId);
    if (!u || u.status === 10) throw notFound('error.user.not_found');
    return { type, authorId: u.id, text: u.bio, questionId: '' };
  }
  throw notFound('error.object.not_found');
}

/** Type 60 (a duplicate): the text must be an address of this site (spec §5). @throws 400 field error `content` */
function checkDuplicateLink(content: string, siteUrl: string): void {
  let url: URL;
  try {
    url = new URL(content);
  } catch {
    throw fieldError('content', 'error.report.url_invalid');
  }
  let origin: string;
  try {
    origin = new URL(siteUrl).origin;
  } catch {
    origin = '';
  }
  if (!/^https?:$/.test(url.protocol)) throw fieldError('content', 'error.report.url_invalid');
  if (origin && url.origin !== origin) throw fieldError('content', 'error.report.url_origin');
}

/**
 * POST /report: flags an object.
 * @throws 403 `error.rank.fail_to_meet_the_condition` without the flag privilege; 404 unknown or invisible object;
 *   400 field errors `report_type` (not a reason of this object type) and `content` (missing text, bad address);
 *   400 `error.report.duplicate` when the member's earlier flag on it still waits; 429 over a new member's
 *   `flags_per_day` (modules/spam)
 */
export async function addReport(ctx: AppContext, user: UserRow, input: ReportAddReq): Promise<void> {
  await requirePrivilege(ctx, user, 'report.add');
  const target = await flagTarget(ctx, user, input.object_id);
  if (target.type === 'user' && target.authorId === user.id) throw badRequest('error.admin.cannot_operate_self');
  const reason = flagReason(target.type, input.report_type);
  if (!reason) throw fieldError('report_type', 'error.report.reason_required');
  if (reason.content_type && !input.content) throw fieldError('content', 'error.report.content_required');
  if (reason.reason_type === 60) checkDuplicateLink(input.content, (await getSettings(ctx)).general.site_url);
  const db = requireDb(ctx);
  if (await repo.findOpenFlag(db, user.id, input.object_id)) throw badRequest('error.report.duplicate');
  await checkFlagLimit(ctx, user);
  const id = await requireIds(ctx).next('report');
  const threshold = await hideThreshold(ctx);
  const weight = await flagWeight(ctx, user, threshold);
  const now = nowSeconds();
  await repo.insertReport(db, {
    id, user_id: user.id, object_id: input.object_id, object_type: target.type, reported_user_id: target.authorId, report_type: reason.reason_type,
    content: reason.content_type ? input.content : '', flagged_content: target.text.slice(0, 65535), status: FlagStatus.pending, handled_by: '', created_at: now, updated_at: now, weight,
  });
  await hideWhenHeavy(ctx, { id, object_type: target.type, object_id: input.object_id }, threshold);
  await emitDomain(ctx, { type: 'flag.created', user_id: user.id, flag_id: id, object_id: input.object_id, object_type: target.type, reported_user_id: target.authorId });
}

const USER_OPS: ReportOperation[] = ['suspend_user', 'delete_user', 'ignore_report'];
const POST_OPS: ReportOperation[] = ['edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report'];

/** Checks that an operation fits the flagged object. @throws 400 field error `operation_type` / `close_type` / `close_msg` */
function checkOperation(flag: repo.ReportRow, input: ReportReviewReq): void {
  const allowed = flag.object_type === 'user' ? USER_OPS : POST_OPS;
  if (!allowed.includes(input.operation_type)) throw fieldError('operation_type', 'error.form.is_invalid');
  if ((input.operation_type === 'close_post' || input.operation_type === 'unlist_post') && flag.object_type !== 'question') throw fieldError('operation_type', 'error.form.is_invalid');
  if (input.operation_type === 'close_post') {
    const reason = input.close_type === undefined ? undefined : closeReason(input.close_type);
    if (!reason) throw fieldError('close_type', 'error.question.close_reason_invalid');
    if (reason.content_type && !input.close_msg) throw fieldError('close_msg', 'error.question.close_msg_required');
  }
}

/**
 * Carries out the decision on the flagged object (through the owning module's moderation call).
 * @param edit the validated edit of an `edit_post` decision (report.edit.ts), null when none
 */
async function carryOut(ctx: AppContext, mod: UserRow, flag: repo.ReportRow, input: ReportReviewReq, edit: PreparedEdit | null): Promise<void> {
  const id = flag.object_id;
  switch (input.operation_type) {
    case 'delete_post':
      if (flag.object_type === 'question') await deleteQuestion(ctx, mod, id);
      else if (flag.object_type === 'answer') await deleteAnswer(ctx, mod, id);
      else await removeComment(ctx, mod, id);
      return;
    case 'close_post':
      await closeQuestion(ctx, mod, { id, close_type: input.close_type!, close_msg: input.close_msg });
      return;
    case 'unlist_post':
      await operateQuestion(ctx, mod, { id, operation: 'hide' });
      return;
    case 'suspend_user':
      await changeStatus(ctx, mod, { user_id: id, status: 'suspended', suspend_duration: input.suspend_duration ?? 'forever', remove_all_content: false });
      return;
    case 'delete_user':
      await changeStatus(ctx, mod, { user_id: id, status: 'deleted', remove_all_content: false });
      return;
    case 'edit_post':
      // Without changes sent, the moderator edited the post through the edit call: settling is all.
      if (edit) await edit();
      return;
    default:
      // ignore_report settles the flag only.
      return;
  }
}

/** The timeline text of a decision, in the site's default language. */
function outcomeText(input: ReportReviewReq, flag: repo.ReportRow): string {
  const base = translate(`review.outcome.${input.operation_type}`, 'en_US');
  const why = input.operation_type === 'close_post' ? [translate(`${closeReason(input.close_type!)!.key}.name`, 'en_US'), input.close_msg].filter(Boolean).join(': ') : '';
  const reason = anyFlagReason(flag.report_type);
  const flagged = reason ? translate('review.outcome.flag_reason', 'en_US', { reason: translate(`${reason.key}.name`, 'en_US') }) : '';
  return [base, why, flagged].filter(Boolean).join(' — ');
}

/**
 * PUT /report/review: settles a flag with one decision (moderators and administrators).
 * @throws 403 not a moderator; 404 unknown flag; 400 `error.review.already_handled` when settled meanwhile;
 *   400 field errors for an operation that does not fit the object, and for the `title`, `content`, `tags` of an
 *   `edit_post` (checked as PUT /question and PUT /answer check them, before anything is done); errors of the
 *   action itself (the flag then waits again)
 */
export async function reviewReport(ctx: AppContext, mod: UserRow, input: ReportReviewReq): Promise<void> {
  if (!isModerator(mod)) throw forbidden('error.object.no_permission');
  const db = requireDb(ctx);
  const flag = await repo.findReport(db, input.flag_id);
  if (!flag) throw notFound('error.report.not_found');
  if (flag.status !== FlagStatus.pending) throw badRequest('error.review.already_handled');
  checkOperation(flag, input);
  const edit = input.operation_type === 'edit_post' ? await prepareFlaggedPostEdit(ctx, mod, flag, input) : null;
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const ignored = input.operation_type === 'ignore_report';
  const hold = await holdOn(ctx, flag);
  if (!(await repo.settleFlag(db, flag, ignored ? FlagStatus.ignored : FlagStatus.completed, mod.id, now))) throw badRequest('error.review.already_handled');
  try {
    if (hold) await release(ctx, hold);
    await carryOut(ctx, mod, flag, input, edit);
  } catch (err) {
    await repo.reopenFlag(db, flag.id, nowSeconds());
    if (hold) await rehide(ctx, hold, flag.id);
    throw err;
  }
  const questionId = flag.object_type === 'question' ? flag.object_id : flag.object_type === 'answer' ? (await getAnswerQuestionId(ctx, mod, flag.object_id)) : '';
  await transaction(db, (tx) =>
    repo.insertModeratorActivity(tx, { id: activityId, userId: mod.id, objectId: flag.object_id, originalObjectId: questionId || flag.object_id, activityType: ignored ? 'flag_ignored' : 'flag_handled', reason: outcomeText(input, flag), now }),
  );
  const flaggers = await repo.flaggersSettledBy(db, flag.object_id, mod.id, now);
  const title = questionId ? (await findQuestion(db, questionId))?.title ?? '' : '';
  await notify(ctx, flaggers.map((receiver) => ({
    receiver_id: receiver, trigger_user_id: mod.id, type: 'inbox' as const, inbox_type: InboxType.messages,
    action: ignored ? 'flag_ignored' : 'flag_handled', object_type: flag.object_type, object_id: flag.object_id, title, question_id: questionId,
  })));
}

async function getAnswerQuestionId(ctx: AppContext, viewer: UserRow, answerId: string): Promise<string> {
  try {
    return (await getVisibleAnswer(ctx, answerId, viewer)).question_id;
  } catch {
    return '';
  }
}

/**
 * PUT /admin/api/report {id, action, flagged_type, flagged_content} (spec §3 "Review action payload"): the admin
 * content lists settle the same flags as /review (ignore, delete, close with `flagged_content` as the text of the
 * "something else" reason, unlist, edit).
 * @throws as reviewReport
 */
export async function adminReport(ctx: AppContext, admin: UserRow, input: AdminReportReq): Promise<void> {
  const flag = await repo.findReport(requireDb(ctx), input.id);
  if (!flag) throw notFound('error.report.not_found');
  const operation: ReportOperation =
    input.action === 'ignore' ? 'ignore_report' :
    input.action === 'delete' ? (flag.object_type === 'user' ? 'delete_user' : 'delete_post') :
    input.action === 'close' ? 'close_post' :
    input.action === 'unlist' ? 'unlist_post' : 'edit_post';
  const something = 5;
  await reviewReport(ctx, admin, { flag_id: input.id, operation_type: operation, close_type: something, close_msg: input.flagged_content || translate('admin.closed_by_admin', 'en_US') });
}

