/**
 * The flag queues of /review: GET /report/unreviewed/post (Answer's GetReportListPageResp, one flag per page by
 * default) and GET /report/unreviewed/user (Quorum), and the counts for GET /reviewing/type. Moderators and
 * administrators only.
 */
import { PostStatus, urlTitle, type ReportPageQuery, type ReviewingTypeItem } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { forbidden } from '../../core/errors.js';
import { findAnswer } from '../answer/index.js';
import { isModerator } from '../privilege/index.js';
import { duplicateTarget, findQuestion } from '../question/index.js';
import { anyFlagReason, presentReason } from '../reason/index.js';
import { getSettings } from '../siteinfo/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './report.repository.js';

function requireModerator(user: UserRow): void {
  if (!isModerator(user)) throw forbidden('error.object.no_permission');
}

function reasonOf(type: number, lang: string): Record<string, unknown> | null {
  const r = anyFlagReason(type);
  return r ? presentReason(r, lang) : null;
}

/** A score or weight in thousandths as weight units, two decimals (1000 -> 1). */
function scoreUnits(thousandths: number): number {
  return Math.round(Number(thousandths) / 10) / 100;
}

/**
 * GET /report/unreviewed/post?page=: waiting flags on posts, by flag score (highest first, then oldest), each
 * with its post in context; a duplicate flag whose text names a question of this site carries it as
 * `duplicate: {id, title, url_title}`. Quorum adds to Answer's item `flag_score` (the sum of the weights of the
 * post's waiting flags, weight units, report.weight.ts), `flag_weight` (this flag's) and `hidden_by_flags`
 * (the score hid the post pending review, report.hide.ts).
 */
export async function flaggedPostPage(ctx: AppContext, user: UserRow, q: ReportPageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  requireModerator(user);
  const db = requireDb(ctx);
  const [rows, count] = await Promise.all([repo.listWaiting(db, 'post', (q.page - 1) * q.page_size, q.page_size), repo.countWaiting(db, 'post')]);
  const objectIds = rows.map((r) => r.object_id);
  const [users, flagCounts, scores] = await Promise.all([findUsersByIds(db, rows.flatMap((r) => [r.user_id, r.reported_user_id])), repo.openFlagCounts(db, objectIds), repo.openFlagScores(db, objectIds)]);
  const list = [];
  for (const r of rows) {
    let questionId = '';
    let answerId = '';
    let commentId = '';
    let text = { original_text: r.flagged_content, parsed_text: '', status: 0, created_at: r.created_at };
    let accepted = false;
    if (r.object_type === 'question') questionId = r.object_id;
    if (r.object_type === 'answer') {
      const a = await findAnswer(db, r.object_id);
      answerId = r.object_id;
      questionId = a?.question_id ?? '';
      if (a) text = { original_text: a.original_text, parsed_text: a.parsed_text, status: a.status, created_at: a.created_at };
      accepted = a?.accepted === 2;
    }
    if (r.object_type === 'comment') {
      const c = await repo.findCommentRow(db, r.object_id);
      commentId = r.object_id;
      questionId = c?.question_id ?? '';
      answerId = c && c.object_id !== c.question_id ? c.object_id : '';
      if (c) text = { original_text: c.original_text, parsed_text: c.parsed_text, status: c.status, created_at: c.created_at };
    }
    const question = questionId ? await findQuestion(db, questionId) : undefined;
    if (question && r.object_type === 'question') text = { original_text: question.original_text, parsed_text: question.parsed_text, status: question.status, created_at: question.created_at };
    const tags = question ? (await presentTagsOfQuestions(ctx, [question.id])).get(question.id) ?? [] : [];
    const reason = reasonOf(r.report_type, lang);
    const duplicate = reason?.reason_key === 'flag_reason.a_duplicate' && r.content ? await duplicateTarget(db, r.content, (await getSettings(ctx)).general.site_url) : null;
    list.push({
      flag_id: r.id,
      object_id: r.object_id,
      object_type: r.object_type,
      question_id: questionId,
      answer_id: answerId,
      comment_id: commentId,
      title: question?.title ?? '',
      url_title: question ? urlTitle(question.title) : '',
      ...text,
      object_status: text.status,
      object_show_status: question?.show ?? 1,
      tags,
      answer_count: question?.answer_count ?? 0,
      answer_accepted: accepted,
      author_user_info: presentBasicUser(users.get(r.reported_user_id)),
      submitter_user: presentBasicUser(users.get(r.user_id)),
      reason,
      reason_content: r.content,
      ...(duplicate ? { duplicate } : {}),
      flag_count: flagCounts.get(r.object_id) ?? 1,
      flag_score: scoreUnits(scores.get(r.object_id) ?? r.weight),
      flag_weight: scoreUnits(r.weight),
      hidden_by_flags: text.status === PostStatus.pending && (await repo.hidingFlag(db, r.object_id)) !== undefined,
      submit_at: r.created_at,
    });
  }
  return { count, list };
}

/** GET /report/unreviewed/user?page=: waiting flags on members, oldest first. */
export async function flaggedUserPage(ctx: AppContext, user: UserRow, q: ReportPageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  requireModerator(user);
  const db = requireDb(ctx);
  const [rows, count] = await Promise.all([repo.listWaiting(db, 'user', (q.page - 1) * q.page_size, q.page_size), repo.countWaiting(db, 'user')]);
  const [users, flagCounts] = await Promise.all([findUsersByIds(db, rows.flatMap((r) => [r.user_id, r.object_id])), repo.openFlagCounts(db, rows.map((r) => r.object_id))]);
  return {
    count,
    list: rows.map((r) => ({
      flag_id: r.id,
      object_id: r.object_id,
      object_type: 'user',
      user_info: presentBasicUser(users.get(r.object_id)),
      bio: users.get(r.object_id)?.bio_html ?? '',
      submitter_user: presentBasicUser(users.get(r.user_id)),
      reason: reasonOf(r.report_type, lang),
      reason_content: r.content,
      flag_count: flagCounts.get(r.object_id) ?? 1,
      submit_at: r.created_at,
    })),
  };
}

/** Waiting flag counts for moderators (GET /reviewing/type). */
export async function flagCounts(ctx: AppContext, user: UserRow): Promise<Array<{ name: ReviewingTypeItem['name']; todo_amount: number }>> {
  if (!isModerator(user)) return [];
  const db = requireDb(ctx);
  const [posts, users] = await Promise.all([repo.countWaiting(db, 'post'), repo.countWaiting(db, 'user')]);
  return [{ name: 'flagged_post', todo_amount: posts }, { name: 'flagged_user', todo_amount: users }];
}

/**
 * Flag facts for a post page: which of `objectIds` the viewer flagged (waiting flags), and for moderators the
 * number of waiting flags on each.
 */
export async function flagStateOf(ctx: AppContext, viewer: UserRow | undefined, objectIds: string[]): Promise<{ flagged: Set<string>; counts: Map<string, number> }> {
  if (!viewer || !objectIds.length) return { flagged: new Set(), counts: new Map() };
  const db = requireDb(ctx);
  const [flagged, counts] = await Promise.all([repo.flaggedByUser(db, viewer.id, objectIds), isModerator(viewer) ? repo.openFlagCounts(db, objectIds) : Promise.resolve(new Map<string, number>())]);
  return { flagged, counts };
}
