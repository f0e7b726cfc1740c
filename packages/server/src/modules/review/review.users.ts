/**
 * Queued sign-ups: when `login.require_user_approval` is on (default off), registration creates the account with
 * status pending and a review row (signup.ts); it waits in the review queue (GET /review/pending/user/page, PUT
 * /review/pending/user). Approving makes it a normal account (its e-mail still needs verifying if it was not);
 * rejecting deletes it and ends its sessions; either way the person is told by e-mail through the outbox.
 * Moderators and administrators only; decided once (compare-and-set on the review and on the account; 400
 * `error.review.already_handled`).
 */
import { MailStatus, UserStatus, type PendingUserReviewReq, type ReportPageQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { queueEmail, getSmtp, isConfigured } from '../mail/index.js';
import { insertModeratorActivity } from '../report/index.js';
import { getSettings } from '../siteinfo/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { endUserSessions, findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './review.repository.js';
import { requireReviewer } from './review.service.js';

/** GET /review/pending/user/page: waiting sign-ups, oldest first. */
export async function pendingUserPage(ctx: AppContext, user: UserRow, q: ReportPageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  requireReviewer(user);
  const db = requireDb(ctx);
  const [rows, count] = await Promise.all([repo.listPendingUsers(db, (q.page - 1) * q.page_size, q.page_size), repo.countPendingUsers(db)]);
  const users = await findUsersByIds(db, rows.map((r) => r.id));
  return {
    count,
    list: rows.map((r) => ({
      review_id: r.id,
      user_info: presentBasicUser(users.get(r.id)),
      e_mail: users.get(r.id)?.e_mail ?? '',
      mail_status: users.get(r.id)?.mail_status ?? MailStatus.inactive,
      reason: translate(`review.queue_reason.${r.reason}`, lang),
      submit_at: r.created_at,
    })),
  };
}

/**
 * PUT /review/pending/user {review_id, status}.
 * @throws 403 not a moderator; 404 unknown; 400 `error.review.already_handled` (decided meanwhile, or the account
 *   no longer waits: deleted or activated from the admin users page)
 */
export async function decidePendingUser(ctx: AppContext, reviewer: UserRow, input: PendingUserReviewReq): Promise<void> {
  requireReviewer(reviewer);
  const db = requireDb(ctx);
  const review = await repo.findReview(db, input.review_id);
  if (!review || review.object_type !== 'user') throw notFound('error.review.not_found');
  if (review.status !== repo.ReviewStatus.pending) throw badRequest('error.review.already_handled');
  const person = (await findUsersByIds(db, [review.id])).get(review.id);
  if (!person) throw notFound('error.user.not_found');
  const approve = input.status === 'approve';
  const lang = person.language && person.language !== 'Default' ? person.language : (await getSettings(ctx)).interface.language;
  const siteName = (await getSettings(ctx)).general.name;
  const key = approve ? 'mail.account_approved' : 'mail.account_rejected';
  const payload = { to: person.e_mail, subject: translate(`${key}.subject`, lang, { site_name: siteName }), text: translate(`${key}.body`, lang, { site_name: siteName }), html: '', template: 'account_review' };
  payload.html = `<!doctype html><html><body><p>${payload.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p></body></html>`;
  const configured = isConfigured(await getSmtp(ctx));
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    if (!(await repo.decideReview(tx, review.id, approve ? repo.ReviewStatus.approved : repo.ReviewStatus.rejected, reviewer.id, now))) throw badRequest('error.review.already_handled');
    if (!(await repo.settleSignUp(tx, review.id, approve ? UserStatus.normal : UserStatus.deleted, now))) throw badRequest('error.review.already_handled');
    await insertModeratorActivity(tx, { id: activityId, userId: reviewer.id, objectId: review.id, originalObjectId: review.id, activityType: approve ? 'show' : 'deleted', reason: translate(approve ? 'review.outcome.user_approved' : 'review.outcome.user_rejected', 'en_US'), now });
    await queueEmail(ctx, tx, { payload, configured });
  });
  if (!approve) await endUserSessions(ctx, review.id);
}
