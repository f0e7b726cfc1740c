/**
 * Profiles (spec §2 /users/{username}/{tab}; §7 "Profiles"): user info, top posts and the profile tabs.
 * Questions, answers, comments and reputation are public; bookmarks and votes are the logged-in user's own
 * (as in Answer, those calls read the caller's lists: asking for someone else's is 403).
 */
import { PostStatus, urlTitle, type PersonalOwnPageQuery, type PersonalPageQuery } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { objectTypeOf } from '../../core/db/index.js';
import { forbidden, notFound } from '../../core/errors.js';
import { excerpt } from '../../core/markdown.js';
import { listBookmarks } from '../collection/index.js';
import { listUserComments, visiblePostTargets } from '../comment/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { presentAnswerItem, presentProfile, presentQuestionItem, type ObjectRef } from './personal.presenter.js';
import * as repo from './personal.repository.js';

type Item = Record<string, unknown>;
type Page = { count: number; list: Item[] };

/** How many posts GET /personal/qa/top returns of each kind. */
const TOP_SIZE = 5;

/** The profile owner by username; deleted users only for staff. @throws 404 `error.user.not_found` */
async function requireProfileUser(ctx: AppContext, username: string, viewer: UserRow | undefined): Promise<UserRow> {
  const db = requireDb(ctx);
  const id = await repo.findUserByName(db, username);
  const user = id ? (await findUsersByIds(db, [id])).get(id) : undefined;
  if (!user || (user.status === 10 && !(viewer && isStaff(viewer)))) throw notFound('error.user.not_found');
  return user;
}

/** Post statuses of a user's posts a viewer sees: pending ones only for the author and staff. */
function statusesFor(owner: UserRow, viewer: UserRow | undefined): number[] {
  const own = !!viewer && (viewer.id === owner.id || isStaff(viewer));
  return own ? [PostStatus.normal, PostStatus.closed, PostStatus.pending] : [PostStatus.normal, PostStatus.closed];
}

/**
 * GET /personal/user/info: the user object itself, not wrapped (Answer's handler returns
 * GetOtherUserInfoByUsernameResp flat and its client reads it flat; the swagger's `{info}` is wrong).
 */
export async function profileInfo(ctx: AppContext, username: string, viewer: UserRow | undefined): Promise<Item> {
  const user = await requireProfileUser(ctx, username, viewer);
  return presentProfile(user, await repo.postCounts(requireDb(ctx), user.id));
}

async function questionItems(ctx: AppContext, rows: repo.QuestionRow[]): Promise<Item[]> {
  const tags = await presentTagsOfQuestions(ctx, rows.map((q) => q.id));
  return rows.map((q) => presentQuestionItem(q, tags.get(q.id) ?? []));
}

async function answerItems(ctx: AppContext, rows: repo.AnswerRow[]): Promise<Item[]> {
  const questions = await repo.questionsByIds(requireDb(ctx), rows.map((a) => a.question_id));
  const tags = await presentTagsOfQuestions(ctx, [...questions.keys()]);
  return rows.map((a) => presentAnswerItem(a, questions.get(a.question_id), tags.get(a.question_id) ?? []));
}

/** GET /personal/qa/top: the user's best questions and answers by score, `{question, answer}`. */
export async function topPosts(ctx: AppContext, username: string, viewer: UserRow | undefined): Promise<{ question: Item[]; answer: Item[] }> {
  const db = requireDb(ctx);
  const user = await requireProfileUser(ctx, username, viewer);
  const statuses = [PostStatus.normal, PostStatus.closed];
  const [qs, as] = await Promise.all([repo.userQuestions(db, user.id, statuses, 'score', 0, TOP_SIZE), repo.userAnswers(db, user.id, [PostStatus.normal], 'score', 0, TOP_SIZE)]);
  const [question, answer] = await Promise.all([questionItems(ctx, qs.rows), answerItems(ctx, as.rows)]);
  return { question, answer };
}

/** GET /personal/question/page. */
export async function profileQuestions(ctx: AppContext, q: PersonalPageQuery, viewer: UserRow | undefined): Promise<Page> {
  const user = await requireProfileUser(ctx, q.username, viewer);
  const { rows, count } = await repo.userQuestions(requireDb(ctx), user.id, statusesFor(user, viewer), q.order, (q.page - 1) * q.page_size, q.page_size);
  return { count, list: await questionItems(ctx, rows) };
}

/** GET /personal/answer/page. */
export async function profileAnswers(ctx: AppContext, q: PersonalPageQuery, viewer: UserRow | undefined): Promise<Page> {
  const user = await requireProfileUser(ctx, q.username, viewer);
  const statuses = statusesFor(user, viewer).filter((s) => s !== PostStatus.closed);
  const { rows, count } = await repo.userAnswers(requireDb(ctx), user.id, statuses, q.order, (q.page - 1) * q.page_size, q.page_size);
  return { count, list: await answerItems(ctx, rows) };
}

/**
 * Describes the objects that profile rows point at (questions, answers, comments) in four queries.
 * @returns id -> reference, only for objects the viewer may see
 */
async function describe(ctx: AppContext, ids: string[], viewer: UserRow | undefined): Promise<Map<string, ObjectRef>> {
  const db = requireDb(ctx);
  const commentOf = await repo.commentObjects(db, ids.filter((id) => objectTypeOf(id) === 'comment'));
  const targets = await visiblePostTargets(ctx, [...ids, ...commentOf.values()], viewer);
  const answers = await repo.answersByIds(db, [...targets.values()].filter((t) => t.object_type === 'answer').map((t) => t.object_id));
  const out = new Map<string, ObjectRef>();
  for (const id of ids) {
    const type = objectTypeOf(id) ?? '';
    const t = targets.get(commentOf.get(id) ?? id);
    if (!t) continue;
    const answer = t.answer_id ? answers.get(t.answer_id) : undefined;
    out.set(id, { object_type: type, question_id: t.question_id, answer_id: t.answer_id, title: t.title, url_title: urlTitle(t.title), content: answer && type === 'answer' ? excerpt(answer.parsed_text, 200) : '' });
  }
  return out;
}

/**
 * GET /personal/comment/page: the user's comments (Answer's GetCommentPersonalWithPageResp), those on posts the
 * viewer may see (comments on deleted posts for moderators and admins only, on queued ones also for the post's
 * author), counted the same way.
 */
export async function profileComments(ctx: AppContext, q: PersonalPageQuery, viewer: UserRow | undefined): Promise<Page> {
  const user = await requireProfileUser(ctx, q.username, viewer);
  const reader = { userId: viewer?.id ?? '', staff: !!viewer && isStaff(viewer) };
  const { rows, count } = await listUserComments(requireDb(ctx), user.id, reader, (q.page - 1) * q.page_size, q.page_size);
  const refs = await describe(ctx, rows.map((c) => c.object_id), viewer);
  const list = rows.map((c) => {
    const r = refs.get(c.object_id);
    return {
      comment_id: c.id,
      created_at: c.created_at,
      object_id: c.object_id,
      question_id: r?.question_id ?? c.question_id,
      answer_id: r?.answer_id ?? '',
      object_type: r?.object_type ?? objectTypeOf(c.object_id) ?? '',
      title: r?.title ?? '',
      url_title: r?.url_title ?? '',
      content: c.parsed_text,
    };
  });
  return { count, list };
}

/** GET /personal/rank/page: the user's reputation changes (Answer's GetRankPersonalPageResp). */
export async function profileReputation(ctx: AppContext, q: PersonalPageQuery, viewer: UserRow | undefined): Promise<Page> {
  const user = await requireProfileUser(ctx, q.username, viewer);
  const { rows, count } = await repo.rankRows(requireDb(ctx), user.id, (q.page - 1) * q.page_size, q.page_size);
  const refs = await describe(ctx, rows.map((a) => a.object_id), viewer);
  const list = rows.map((a) => {
    const r = refs.get(a.object_id);
    return {
      rank_type: a.activity_type,
      reputation: a.rank,
      object_id: a.object_id,
      object_type: r?.object_type ?? objectTypeOf(a.object_id) ?? '',
      question_id: r?.question_id ?? a.original_object_id,
      answer_id: r?.answer_id ?? '',
      title: r?.title ?? '',
      url_title: r?.url_title ?? '',
      content: r?.content ?? '',
      created_at: a.created_at,
    };
  });
  return { count, list };
}

/** The caller of an own-list call; 403 when `username` names someone else. */
function requireOwn(viewer: UserRow, q: PersonalOwnPageQuery): void {
  if (q.username && q.username.toLowerCase() !== viewer.username) throw forbidden();
}

/** GET /personal/collection/page: the caller's bookmarks, newest first, as question items. */
export async function ownBookmarks(ctx: AppContext, viewer: UserRow, q: PersonalOwnPageQuery): Promise<Page> {
  requireOwn(viewer, q);
  const db = requireDb(ctx);
  const { rows, count } = await listBookmarks(db, viewer.id, (q.page - 1) * q.page_size, q.page_size);
  const refs = await describe(ctx, rows.map((b) => b.object_id), viewer);
  const questions = await repo.questionsByIds(db, [...refs.values()].map((r) => r.question_id));
  const tags = await presentTagsOfQuestions(ctx, [...questions.keys()]);
  const list: Item[] = [];
  for (const b of rows) {
    const r = refs.get(b.object_id);
    const question = r && questions.get(r.question_id);
    if (!r || !question) continue;
    list.push({ ...presentQuestionItem(question, tags.get(question.id) ?? []), object_id: b.object_id, object_type: r.object_type, answer_id: r.answer_id, collected_at: b.created_at });
  }
  return { count, list };
}

/** GET /personal/vote/page: the caller's votes (Answer's GetVoteWithPageResp). */
export async function ownVotes(ctx: AppContext, viewer: UserRow, q: PersonalOwnPageQuery): Promise<Page> {
  requireOwn(viewer, q);
  const { rows, count } = await repo.userVotes(requireDb(ctx), viewer.id, (q.page - 1) * q.page_size, q.page_size);
  const refs = await describe(ctx, rows.map((v) => v.object_id), viewer);
  const list = rows.map((v) => {
    const r = refs.get(v.object_id);
    return {
      created_at: v.created_at,
      object_id: v.object_id,
      question_id: r?.question_id ?? '',
      answer_id: r?.answer_id ?? '',
      object_type: r?.object_type ?? v.object_type,
      title: r?.title ?? '',
      url_title: r?.url_title ?? '',
      content: r?.content ?? '',
      vote_type: v.vote_type === 'down' ? 'downvote' : 'upvote',
    };
  });
  return { count, list };
}
