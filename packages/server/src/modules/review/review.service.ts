/**
 * Queued posts (GET /review/pending/post/page, PUT /review/pending/post; Answer's review calls) and the queue
 * counts of the header badge (GET /reviewing/type). Queued posts are questions and answers held by the
 * anti-spam rules (queue.ts) with status pending: invisible to everyone but their author and moderators, absent
 * from lists, search and counters. Approving makes the post public and counted (the author's counts, the
 * question's answer count and activity order, and the asker's 'answered your question' notification for an
 * answer); rejecting deletes it. Each decision is a compare-and-set on the
 * review row: the second moderator gets 400 `error.review.already_handled` and nothing is done twice. Moderators
 * and administrators only (spec §6).
 */
import { PostStatus, urlTitle, type PendingPostPageQuery, type PendingPostReviewReq, type ReviewingTypeItem } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { findAnswer, notifyAnswered } from '../answer/index.js';
import { isModerator } from '../privilege/index.js';
import { findQuestion, invalidateQuestionLists, noteAnswerAdded } from '../question/index.js';
import { insertModeratorActivity } from '../report/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './review.repository.js';
import { reportReviewDecision } from '../reviewer/reviewer.feedback.js';

/** 403 `error.object.no_permission` unless a moderator or administrator. */
export function requireReviewer(user: UserRow): void {
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
}

/** GET /review/pending/post/page: waiting posts, oldest first, each with its question, tags and author. */
export async function pendingPostPage(ctx: AppContext, user: UserRow, q: PendingPostPageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  requireReviewer(user);
  const db = requireDb(ctx);
  const [rows, count] = await Promise.all([repo.listPendingPosts(db, (q.page - 1) * q.page_size, q.page_size, q.object_id), repo.countPendingPosts(db, q.object_id)]);
  const users = await findUsersByIds(db, rows.map((r) => r.user_id));
  const list = [];
  for (const r of rows) {
    const answer = r.object_type === 'answer' ? await findAnswer(db, r.id) : undefined;
    const question = await findQuestion(db, answer ? answer.question_id : r.id);
    if (!question) continue;
    const tags = (await presentTagsOfQuestions(ctx, [question.id])).get(question.id) ?? [];
    const post = answer ?? question;
    const author = users.get(r.user_id);
    list.push({
      review_id: r.id,
      object_id: r.id,
      object_type: r.object_type,
      question_id: question.id,
      answer_id: answer?.id ?? '',
      comment_id: '',
      title: question.title,
      url_title: urlTitle(question.title),
      original_text: post.original_text,
      parsed_text: post.parsed_text,
      tags,
      object_status: post.status,
      object_show_status: question.show,
      author_user_info: presentBasicUser(author),
      submitter_display_name: author ? author.display_name || author.username : '',
      reason: translate(`review.queue_reason.${r.reason}`, lang),
      created_at: post.created_at,
      submit_at: r.created_at,
    });
  }
  return { count, list };
}

/**
 * PUT /review/pending/post {review_id, status: approve|reject}.
 * @throws 403 not a moderator; 404 unknown review; 400 `error.review.already_handled` when decided meanwhile
 */
export async function decidePendingPost(ctx: AppContext, reviewer: UserRow, input: PendingPostReviewReq): Promise<void> {
  requireReviewer(reviewer);
  const db = requireDb(ctx);
  const review = await repo.findReview(db, input.review_id);
  if (!review || (review.object_type !== 'question' && review.object_type !== 'answer')) throw notFound('error.review.not_found');
  if (review.status !== repo.ReviewStatus.pending) throw badRequest('error.review.already_handled');
  const approve = input.status === 'approve';
  const answer = review.object_type === 'answer' ? await findAnswer(db, review.id) : undefined;
  const questionId = answer ? answer.question_id : review.id;
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    if (!(await repo.decideReview(tx, review.id, approve ? repo.ReviewStatus.approved : repo.ReviewStatus.rejected, reviewer.id, now))) throw badRequest('error.review.already_handled');
    const table = answer ? 'answers' : 'questions';
    // The post may have been handled elsewhere meanwhile (the admin content lists): then only the review closes.
    const moved = await repo.setPendingPostStatus(tx, table, review.id, approve ? PostStatus.normal : PostStatus.deleted, now);
    if (!moved) throw badRequest('error.review.already_handled');
    if (approve && answer) {
      await noteAnswerAdded(tx, answer.question_id, answer.id, now);
      await repo.countApprovedAnswer(tx, answer.user_id);
    } else if (approve) {
      await repo.countApprovedQuestion(tx, review.id, review.user_id, now);
    } else if (!answer) {
      await repo.uncountRejectedQuestionTags(tx, review.id);
    }
    await insertModeratorActivity(tx, {
      id: activityId, userId: reviewer.id, objectId: review.id, originalObjectId: questionId,
      activityType: approve ? 'show' : 'deleted', reason: translate(approve ? 'review.outcome.approved' : 'review.outcome.rejected', 'en_US'), now,
    });
  });
  invalidateQuestionLists();
  // A post a reviewer queued: its plugins hear the decision (approve: ham, reject: spam; modules/reviewer).
  await reportReviewDecision(ctx, review.id, approve);
  // The asker hears of an answer when it goes public, as for an answer that was never queued.
  if (approve && answer) {
    const question = await findQuestion(db, answer.question_id);
    if (question) await notifyAnswered(ctx, question, { ...answer, status: PostStatus.normal });
  }
}

/** Counts of queued posts and sign-ups for moderators. */
export async function queuedCounts(ctx: AppContext, user: UserRow): Promise<Array<{ name: ReviewingTypeItem['name']; todo_amount: number }>> {
  if (!isModerator(user)) return [];
  const db = requireDb(ctx);
  const [posts, users] = await Promise.all([repo.countPendingPosts(db), repo.countPendingUsers(db)]);
  return [{ name: 'queued_post', todo_amount: posts }, { name: 'queued_user', todo_amount: users }];
}
