/**
 * The staging ground for new askers (issue #35 item 6; Stack Overflow's Staging Ground; settings `site_staging`,
 * contract schemas/staging.ts). A staged question is a pending question with a `staging_questions` row: every
 * list, search, feed and sitemap leaves it out, and the question page shows it to its asker and moderators only.
 * Its asker, the reviewers (reputation `reviewer_reputation`, default 500, and moderators) see it and its feedback
 * here; everyone else gets 404. Reviewers comment, ask for changes (the state `changes` until the asker edits it
 * with the ordinary PUT /question, which makes it `waiting` again), approve it (published: status normal, the
 * time it was asked kept, `published_at` recorded, its asker's question count and the lists updated) or send it
 * to the normal review queue of queued posts (a `review_queue` row, reason `reviewer`: a moderator approves or
 * rejects it there). Each decision is a conditional update on the open states: of two decisions at once one wins
 * and the other gets 409, so a question is published once. The asker hears of every reviewer's action.
 */
import { randomBytes } from 'node:crypto';
import { PostStatus, urlTitle, type StagingChangesReq, type StagingCommentReq, type StagingDecisionReq, type StagingFeedback, type StagingPageQuery, type StagingPerson, type StagingQueueItem, type StagingQuestionState, type StagingSettings, type StagingStats } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { AppError, conflict, notFound } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/index.js';
import type { DomainEvent } from '../../core/events.js';
import { translate } from '../../core/i18n.js';
import { findQuestion, invalidateQuestionLists, type QuestionRow } from '../question/index.js';
import { questionExcerpt } from '../question/question.excerpt.js';
import { isModerator } from '../privilege/index.js';
import { queuePost } from '../review/queue.js';
import { insertModeratorActivity } from '../report/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { avatarUrl, findUsersByIds } from '../user/index.js';
import { notifyAsker, type StagingNoticeAction } from './staging.notify.js';
import { isStagingReviewer, stagingSettings } from './staging.settings.js';
import * as repo from './staging.repository.js';

const newId = () => `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`;

/** An error whose text has values (the least reputation). */
const refusal = (status: number, key: string, params: Record<string, string | number> = {}) => new AppError(status, key, null).withMessage(key, params);

/** 403 for a member who may not review: the text says how much reputation reviewing needs. */
const notReviewer = (s: StagingSettings) => refusal(403, 'error.staging.not_reviewer', { min: s.reviewer_reputation });

function person(u: UserRow | undefined): StagingPerson | null {
  return u ? { id: u.id, username: u.username, display_name: u.display_name || u.username, avatar: avatarUrl(u), rank: Number(u.rank) } : null;
}

/** The staged question and its staging row, or 404 when the question never went through the staging ground. */
async function load(ctx: AppContext, questionId: string): Promise<{ q: QuestionRow; st: repo.StagingRow }> {
  const db = requireDb(ctx);
  const [q, st] = await Promise.all([findQuestion(db, questionId), repo.findStaged(db, questionId)]);
  if (!q || !st) throw notFound('error.question.not_found');
  return { q, st };
}

/**
 * Whether `viewer` may see the staged question: its asker (unless it is deleted), a reviewer (while it is not
 * deleted), a moderator. Everyone else, anonymous readers included, gets 404, as for a question that does not exist.
 */
function mayView(viewer: UserRow | undefined, q: QuestionRow, s: StagingSettings): boolean {
  if (!viewer) return false;
  if (isModerator(viewer)) return true;
  if (q.status === PostStatus.deleted) return false;
  return viewer.id === q.user_id || isStagingReviewer(viewer, s);
}

/** Whether the question is still in the staging ground: an open state and the question still pending. */
const isOpen = (q: QuestionRow, st: repo.StagingRow) => (repo.OPEN_STATES as readonly string[]).includes(st.state) && q.status === PostStatus.pending;

/** 409 when the question has left the staging ground (published, sent to the queue, deleted). */
function requireOpen(q: QuestionRow, st: repo.StagingRow): void {
  if (!isOpen(q, st)) throw conflict('error.staging.already_decided');
}

/**
 * A reviewer's access to act on the question: a member who may not review gets 403 with the reputation needed; a
 * reviewer may not review their own question.
 */
function requireReviewer(user: UserRow, q: QuestionRow, s: StagingSettings): void {
  if (!isStagingReviewer(user, s)) throw notReviewer(s);
  if (q.user_id === user.id && !isModerator(user)) throw refusal(403, 'error.staging.own_question');
}

/**
 * GET /staging/question: the staged question, its state and feedback, and what the reader may do.
 * @throws 404 when the question is not (and was never) staged, or the reader may not see it
 */
export async function stagingView(ctx: AppContext, questionId: string, viewer: UserRow | undefined): Promise<StagingQuestionState> {
  const s = await stagingSettings(ctx);
  const { q, st } = await load(ctx, questionId);
  if (!mayView(viewer, q, s)) throw notFound('error.question.not_found');
  const db = requireDb(ctx);
  const feedback = await repo.feedbackOf(db, q.id);
  const [users, tags] = await Promise.all([findUsersByIds(db, [q.user_id, ...feedback.map((f) => f.user_id)]), presentTagsOfQuestions(ctx, [q.id])]);
  const open = isOpen(q, st);
  const isAsker = !!viewer && viewer.id === q.user_id;
  const reviewer = !!viewer && isStagingReviewer(viewer, s) && (!isAsker || isModerator(viewer));
  return {
    question: {
      id: q.id,
      title: q.title,
      url_title: urlTitle(q.title),
      content: q.original_text,
      html: q.parsed_text,
      tags: (tags.get(q.id) ?? []).map((t) => ({ slug_name: String(t.slug_name), display_name: String(t.display_name) })),
      status: q.status,
      author: person(users.get(q.user_id)),
    },
    state: !open && q.status === PostStatus.deleted && (repo.OPEN_STATES as readonly string[]).includes(st.state) ? 'removed' : (st.state as StagingQuestionState['state']),
    asked_at: Number(st.asked_at),
    published_at: Number(st.published_at),
    updated_at: Number(st.updated_at),
    feedback: feedback.map(
      (f): StagingFeedback => ({ id: f.id, kind: f.kind as StagingFeedback['kind'], content: f.content, created_at: Number(f.created_at), user: person(users.get(f.user_id)), by_asker: f.user_id === q.user_id }),
    ),
    is_asker: isAsker,
    can_review: open && reviewer,
    can_comment: open && (isAsker || reviewer),
    can_edit: open && isAsker,
  };
}

async function tell(ctx: AppContext, action: StagingNoticeAction, q: QuestionRow, reviewer: UserRow): Promise<void> {
  await notifyAsker(ctx, { action, askerId: q.user_id, reviewerId: reviewer.id, questionId: q.id, title: q.title });
}

/**
 * POST /staging/comment: a comment by a reviewer (the asker is told) or the asker's reply; the state stays as it
 * is (a comment is not a decision).
 * @throws 404 not staged or not visible; 403 neither the asker nor a reviewer; 409 no longer staged
 */
export async function commentStaged(ctx: AppContext, user: UserRow, input: StagingCommentReq): Promise<StagingQuestionState> {
  const s = await stagingSettings(ctx);
  const { q, st } = await load(ctx, input.question_id);
  const isAsker = q.user_id === user.id;
  if (!isAsker && !isStagingReviewer(user, s)) throw notReviewer(s);
  if (!mayView(user, q, s)) throw notFound('error.question.not_found');
  requireOpen(q, st);
  await repo.insertFeedback(requireDb(ctx), { id: newId(), question_id: q.id, user_id: user.id, kind: 'comment', content: input.content, created_at: nowSeconds() });
  if (!isAsker) await tell(ctx, 'staging_comment', q, user);
  return stagingView(ctx, q.id, user);
}

/**
 * The staged question a reviewer decides on (request changes, approve, send to the queue): loaded, the caller a
 * reviewer of it, still open.
 * @throws 404 unknown or not staged; 403 not a reviewer or their own question; 409 already decided
 */
async function openForDecision(ctx: AppContext, user: UserRow, questionId: string) {
  const s = await stagingSettings(ctx);
  const { q, st } = await load(ctx, questionId);
  requireReviewer(user, q, s);
  requireOpen(q, st);
  return q;
}

/**
 * POST /staging/changes: a reviewer asks for changes (saying which); the state becomes `changes` until the asker
 * edits the question. The asker is told.
 * @throws 404; 403 not a reviewer or their own question; 409 no longer staged
 */
export async function requestChanges(ctx: AppContext, user: UserRow, input: StagingChangesReq): Promise<StagingQuestionState> {
  const q = await openForDecision(ctx, user, input.question_id);
  const now = nowSeconds();
  await transaction(requireDb(ctx), async (tx) => {
    if (!(await repo.setOpenState(tx, q.id, 'changes', repo.OPEN_STATES, now))) throw conflict('error.staging.already_decided');
    await repo.insertFeedback(tx, { id: newId(), question_id: q.id, user_id: user.id, kind: 'changes', content: input.content, created_at: now });
  });
  await tell(ctx, 'staging_changes', q, user);
  return stagingView(ctx, q.id, user);
}

/**
 * POST /staging/approve: a reviewer publishes the question. In one transaction: the staging row decided
 * (`published`, `published_at` now) by a conditional update, the question pending -> normal (the time it was
 * asked kept, its active time now), its asker's question count; the reviewer's note (optional) as feedback; a
 * timeline row `show` of the reviewer ("Published from the Staging Ground."), as an approval from the review queue
 * has. Of two approvals at once, one publishes and the other gets 409. The asker is told.
 * @throws 404; 403 not a reviewer or their own question; 409 already decided or no longer pending
 */
export async function approveStaged(ctx: AppContext, user: UserRow, input: StagingDecisionReq): Promise<StagingQuestionState> {
  const q = await openForDecision(ctx, user, input.question_id);
  const now = nowSeconds();
  const activityId = await requireIds(ctx).next('activity');
  await transaction(requireDb(ctx), async (tx) => {
    if (!(await repo.decide(tx, q.id, 'published', user.id, now))) throw conflict('error.staging.already_decided');
    if (!(await repo.publishQuestion(tx, q.id, q.user_id, now))) throw conflict('error.staging.already_decided');
    await repo.insertFeedback(tx, { id: newId(), question_id: q.id, user_id: user.id, kind: 'approved', content: input.content, created_at: now });
    await insertModeratorActivity(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: 'show', reason: translate('staging.outcome.published', 'en_US'), now });
  });
  invalidateQuestionLists();
  await tell(ctx, 'staging_approved', q, user);
  return stagingView(ctx, q.id, user);
}

/**
 * POST /staging/queue: a reviewer sends the question to the site's normal review queue of queued posts (it stays
 * pending; a moderator approves or rejects it there, GET/PUT /review/pending/post). The asker is told.
 * @throws 404; 403 not a reviewer or their own question; 409 already decided or no longer pending
 */
export async function sendToQueue(ctx: AppContext, user: UserRow, input: StagingDecisionReq): Promise<StagingQuestionState> {
  const q = await openForDecision(ctx, user, input.question_id);
  const now = nowSeconds();
  await transaction(requireDb(ctx), async (tx) => {
    if (!(await repo.decide(tx, q.id, 'queued', user.id, now))) throw conflict('error.staging.already_decided');
    await queuePost(tx, { id: q.id, kind: 'question', userId: q.user_id, reason: 'reviewer', now });
    await repo.insertFeedback(tx, { id: newId(), question_id: q.id, user_id: user.id, kind: 'queued', content: input.content, created_at: now });
  });
  await tell(ctx, 'staging_queued', q, user);
  return stagingView(ctx, q.id, user);
}

/**
 * The asker edited their staged question (the domain event `post.edited` of PUT /question): an `edited` feedback
 * row, and the question waits for a reviewer again (from `changes`). Edits by others and of questions that left
 * the staging ground change nothing.
 */
export async function onStagedEdit(ctx: AppContext, e: DomainEvent): Promise<void> {
  if (e.type !== 'post.edited') return;
  const db = requireDb(ctx);
  const st = await repo.findStaged(db, e.object_id);
  if (!st || st.user_id !== e.user_id || !(repo.OPEN_STATES as readonly string[]).includes(st.state)) return;
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    if (!(await repo.setOpenState(tx, st.question_id, 'waiting', repo.OPEN_STATES, now))) return;
    await repo.insertFeedback(tx, { id: newId(), question_id: st.question_id, user_id: e.user_id, kind: 'edited', content: '', created_at: now });
  });
}

/**
 * GET /staging/page: questions waiting for a reviewer, the longest waiting first (the review page's Staging Ground
 * tab reads it one at a time).
 * @throws 403 for members who may not review
 */
export async function stagingQueuePage(ctx: AppContext, user: UserRow, q: StagingPageQuery): Promise<{ count: number; list: StagingQueueItem[] }> {
  const s = await stagingSettings(ctx);
  if (!isStagingReviewer(user, s)) throw notReviewer(s);
  const db = requireDb(ctx);
  const [rows, count] = await Promise.all([repo.queuePage(db, (q.page - 1) * q.page_size, q.page_size), repo.queueCount(db)]);
  const ids = rows.map((r) => r.question_id);
  const questions = (await Promise.all(ids.map((id) => findQuestion(db, id)))).filter((x): x is QuestionRow => !!x);
  const [users, tags, counts] = await Promise.all([findUsersByIds(db, questions.map((x) => x.user_id)), presentTagsOfQuestions(ctx, ids), repo.feedbackCounts(db, ids)]);
  const byId = new Map(questions.map((x) => [x.id, x]));
  const list: StagingQueueItem[] = [];
  for (const r of rows) {
    const question = byId.get(r.question_id);
    if (!question) continue;
    list.push({
      question: {
        id: question.id,
        title: question.title,
        url_title: urlTitle(question.title),
        excerpt: questionExcerpt(question.parsed_text, 240),
        tags: (tags.get(question.id) ?? []).map((t) => ({ slug_name: String(t.slug_name), display_name: String(t.display_name) })),
        author: person(users.get(question.user_id)),
      },
      state: r.state as StagingQueueItem['state'],
      asked_at: Number(r.asked_at),
      updated_at: Number(r.updated_at),
      feedback_count: counts.get(r.question_id) ?? 0,
    });
  }
  return { count, list };
}

/**
 * `[{name: 'staging', todo_amount}]` for reviewers while the staging ground is on or still holds questions, else
 * nothing (GET /reviewing/type).
 */
export async function stagingQueueCounts(ctx: AppContext, user: UserRow): Promise<Array<{ name: 'staging'; todo_amount: number }>> {
  const s = await stagingSettings(ctx);
  if (!isStagingReviewer(user, s)) return [];
  const n = await repo.queueCount(requireDb(ctx));
  return s.enabled || n > 0 ? [{ name: 'staging', todo_amount: n }] : [];
}

/**
 * GET /admin/api/staging/stats: counts by state, the share of decided questions that were published, and the
 * median and average time from asking to publishing (seconds).
 */
export async function stagingStats(ctx: AppContext): Promise<StagingStats> {
  const s = await stagingSettings(ctx);
  const { byState, publishSeconds } = await repo.stats(requireDb(ctx));
  const n = (k: string) => byState[k] ?? 0;
  const decided = n('published') + n('queued') + n('removed');
  const len = publishSeconds.length;
  const median = len === 0 ? 0 : len % 2 ? publishSeconds[(len - 1) / 2]! : Math.round((publishSeconds[len / 2 - 1]! + publishSeconds[len / 2]!) / 2);
  return {
    enabled: s.enabled,
    waiting: n('waiting'),
    changes: n('changes'),
    published: n('published'),
    queued: n('queued'),
    removed: n('removed'),
    published_share: decided > 0 ? ((n('published') / decided) * 100).toFixed(2) : '0.00',
    median_publish_seconds: median,
    average_publish_seconds: len === 0 ? 0 : Math.round(publishSeconds.reduce((a, b) => a + b, 0) / len),
  };
}
