/**
 * Comments on questions and answers (spec §7 comment calls; Answer's comment rules): anyone may read what they
 * may see; adding needs the 'comment.add' privilege; the author or a moderator/admin edits and deletes.
 * Markdown is rendered and sanitized on write, with `@name` linked to existing profiles.
 */
import type { CommentAddReq, CommentBatchQuery, CommentPageQuery, CommentUpdateReq } from '@quorum/contract';
import { checkPostRate } from '../review/queue.js';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { forbidden, notFound } from '../../core/errors.js';
import { emitDomain, publishLive } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { recordActivity } from '../activity/index.js';
import { notify, type NotifyInput } from '../notification/index.js';
import { requirePrivilege } from '../privilege/index.js';
import { findUsersByIds, isStaff, type UserRow } from '../user/index.js';
import { linkMentions, mentionedNames } from './mention.js';
import { canManageComment, presentComment } from './comment.presenter.js';
import { commentBatchRows } from './comment.batchcache.js';
import * as repo from './comment.repository.js';
import { requirePostTarget, visiblePostTargets, type PostTarget } from './target.js';
import { checkEditLimits } from '../spam/index.js';
import { reviewComment } from '../reviewer/reviewer.apply.js';
import { checkPostOpen } from '../lock/index.js';
import { mentionedGroups } from '../group/index.js';

type Presented = Record<string, unknown>;

/** Presents comments with their authors and the viewer's votes (two queries for any number of comments). */
async function presentMany(ctx: AppContext, rows: repo.CommentRow[], viewer: UserRow | undefined, lang: string): Promise<Presented[]> {
  const db = requireDb(ctx);
  const [users, voted] = await Promise.all([
    findUsersByIds(db, rows.flatMap((c) => [c.user_id, c.reply_user_id])),
    viewer ? repo.votedComments(db, viewer.id, rows.map((c) => c.id)) : Promise.resolve(new Set<string>()),
  ]);
  return rows.map((c) => presentComment(c, users, voted.has(c.id), viewer, lang));
}

/**
 * Comments hidden by flags pending review (status 11, modules/report report.hide.ts) that `viewer` still sees on
 * these posts, after the others: their own, and every one for moderators; none for other readers.
 */
async function heldFor(ctx: AppContext, objectIds: string[], viewer: UserRow | undefined): Promise<repo.CommentRow[]> {
  if (!viewer) return [];
  return repo.heldComments(requireDb(ctx), objectIds, isStaff(viewer) ? null : viewer.id);
}

/**
 * Renders comment markdown with mentions linked: members, and the groups `author` may mention (modules/group).
 * @returns html, the ids of mentioned users by name, and the members of mentioned groups to notify
 */
async function render(ctx: AppContext, text: string, extraNames: string[], author: UserRow): Promise<{ html: string; mentioned: Map<string, string>; groupMembers: string[] }> {
  const db = requireDb(ctx);
  const names = [...new Set([...mentionedNames(text), ...extraNames.map((n) => n.trim().replace(/^@/, '').toLowerCase()).filter(Boolean)])].slice(0, 50);
  const mentioned = await repo.usersByNames(db, names);
  const groups = await mentionedGroups(db, author, names.filter((n) => !mentioned.has(n)));
  return { html: renderMarkdown(linkMentions(text, new Set(mentioned.keys()), groups.slugs)), mentioned, groupMembers: groups.memberIds };
}

/** A live comment the viewer may see. @throws 404 `error.comment.not_found` */
async function requireComment(ctx: AppContext, id: string, viewer: UserRow): Promise<repo.CommentRow> {
  const c = await repo.findComment(requireDb(ctx), id);
  if (!c || c.status !== repo.CommentStatus.available) throw notFound('error.comment.not_found');
  await requirePostTarget(ctx, c.object_id, viewer).catch(() => {
    throw notFound('error.comment.not_found');
  });
  return c;
}

/**
 * POST /comment: comments on a question or answer, optionally replying to a comment of the same post.
 * Records a 'commented' activity and notifies the post's author, the replied-to author and mentioned users.
 * @returns the comment as presented
 * @throws 403 `error.rank.fail_to_meet_the_condition` without 'comment.add'; 404 unknown post or reply target; 400
 *   field error on `original_text` when a reviewer holds or rejects the text (modules/reviewer)
 */
export async function addComment(ctx: AppContext, user: UserRow, input: CommentAddReq, lang: string): Promise<Presented> {
  await requirePrivilege(ctx, user, 'comment.add');
  const db = requireDb(ctx);
  const target = await requirePostTarget(ctx, input.object_id, user);
  await checkPostOpen(ctx, user, 'comment', { objectId: target.object_id, questionId: target.question_id });
  await checkPostRate(ctx, user, 'comment', input.original_text, 'original_text');
  await reviewComment(ctx, user, input.original_text);
  let reply: repo.CommentRow | undefined;
  if (input.reply_comment_id && input.reply_comment_id !== '0') {
    reply = await repo.findComment(db, input.reply_comment_id);
    if (!reply || reply.status !== repo.CommentStatus.available || reply.object_id !== target.object_id) throw notFound('error.comment.not_found');
  }
  const { html, mentioned, groupMembers } = await render(ctx, input.original_text, input.mention_username_list, user);
  const ids = requireIds(ctx);
  const id = await ids.next('comment');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const row: repo.CommentRow = {
    id,
    user_id: user.id,
    reply_user_id: reply?.user_id ?? '',
    reply_comment_id: reply?.id ?? '',
    object_id: target.object_id,
    question_id: target.question_id,
    vote_count: 0,
    status: repo.CommentStatus.available,
    original_text: input.original_text,
    parsed_text: html,
    created_at: now,
    updated_at: now,
  };
  await transaction(db, async (tx) => {
    await repo.insertComment(tx, row);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: id, originalObjectId: target.question_id, activityType: 'commented', now });
  });
  await notify(ctx, commentNotifications(target, row, user, [...mentioned.values(), ...groupMembers]));
  publishLive(ctx, { type: 'question', question_id: target.question_id, kind: 'comment', object_id: row.id, user_id: user.id });
  await emitDomain(ctx, { type: 'comment.created', user_id: user.id, comment_id: row.id });
  return (await presentMany(ctx, [row], user, lang))[0]!;
}

/** Who hears of a new comment: the replied-to author, mentioned users (also through a group), then the post's author (one each). */
function commentNotifications(t: PostTarget, c: repo.CommentRow, author: UserRow, mentioned: string[]): NotifyInput[] {
  const base = { trigger_user_id: author.id, type: 'inbox' as const, object_type: 'comment', object_id: c.id, title: t.title, question_id: t.question_id, answer_id: t.answer_id || undefined, comment_id: c.id };
  const out: NotifyInput[] = [];
  const told = new Set<string>();
  const add = (receiver: string, action: string) => {
    if (!receiver || told.has(receiver)) return;
    told.add(receiver);
    out.push({ ...base, receiver_id: receiver, action });
  };
  add(c.reply_user_id, 'reply_to_you');
  for (const uid of mentioned) if (uid !== author.id) add(uid, 'mention_you');
  add(t.user_id, t.object_type === 'question' ? 'comment_question' : 'comment_answer');
  return out;
}

/**
 * PUT /comment: replaces the text (author or moderator/admin).
 * @throws 404 unknown or deleted comment; 403 `error.comment.not_owner`; the new-member limits (modules/spam): 429
 *   over `edits_per_hour`, 400 field errors on `original_text`
 */
export async function updateComment(ctx: AppContext, user: UserRow, input: CommentUpdateReq, lang: string): Promise<Presented> {
  const c = await requireComment(ctx, input.comment_id, user);
  if (!canManageComment(c, user)) throw forbidden('error.comment.not_owner');
  await checkEditLimits(ctx, user, input.original_text, 'original_text');
  await reviewComment(ctx, user, input.original_text, c.id);
  const { html } = await render(ctx, input.original_text, [], user);
  const now = nowSeconds();
  await repo.updateCommentText(requireDb(ctx), c.id, input.original_text, html, now);
  return (await presentMany(ctx, [{ ...c, original_text: input.original_text, parsed_text: html, updated_at: now }], user, lang))[0]!;
}

/**
 * DELETE /comment: soft-deletes (status 10), author or moderator/admin.
 * @throws 404 unknown or already deleted; 403 `error.comment.not_owner`
 */
export async function removeComment(ctx: AppContext, user: UserRow, commentId: string): Promise<void> {
  const c = await requireComment(ctx, commentId, user);
  if (!canManageComment(c, user)) throw forbidden('error.comment.not_owner');
  await repo.setCommentStatus(requireDb(ctx), c.id, repo.CommentStatus.deleted, nowSeconds());
}

/** GET /comment?id=: one live comment. @throws 404 */
export async function commentInfo(ctx: AppContext, id: string, viewer: UserRow | undefined, lang: string): Promise<Presented> {
  const c = await repo.findComment(requireDb(ctx), id);
  if (!c || c.status !== repo.CommentStatus.available) throw notFound('error.comment.not_found');
  await requirePostTarget(ctx, c.object_id, viewer);
  return (await presentMany(ctx, [c], viewer, lang))[0]!;
}

/**
 * GET /comment/page. Page 0 (the question page's preview, spec §7) and `query_cond=vote` order by votes;
 * otherwise oldest first. Page 0 reads like page 1.
 * @returns `{count, list}`
 * @throws 404 for a post the viewer cannot see
 */
export async function commentPage(ctx: AppContext, q: CommentPageQuery, viewer: UserRow | undefined, lang: string): Promise<{ count: number; list: Presented[] }> {
  const db = requireDb(ctx);
  const target = await requirePostTarget(ctx, q.object_id, viewer);
  const byVote = q.page === 0 || q.query_cond === 'vote';
  const page = Math.max(q.page, 1);
  const [rows, counts, held] = await Promise.all([
    repo.listComments(db, target.object_id, byVote, (page - 1) * q.page_size, q.page_size),
    repo.countComments(db, [target.object_id]),
    page === 1 ? heldFor(ctx, [target.object_id], viewer) : Promise.resolve([]),
  ]);
  return { count: (counts.get(target.object_id) ?? 0) + held.length, list: await presentMany(ctx, [...rows, ...held], viewer, lang) };
}

/**
 * GET /comment/batch (Quorum extension): the first `page_size` comments (vote order) and the comment count of
 * each post, for every post of a question page at once. Six queries whatever the number of ids, three of them
 * (comments, counts, users) kept for the next readers (comment.batchcache.ts).
 * @returns object id -> `{count, list}`; ids of posts the viewer cannot see are left out
 */
export async function commentBatch(ctx: AppContext, q: CommentBatchQuery, viewer: UserRow | undefined, lang: string): Promise<Record<string, { count: number; list: Presented[] }>> {
  const db = requireDb(ctx);
  const visible = [...(await visiblePostTargets(ctx, q.object_ids, viewer)).keys()];
  const { rows, counts, users } = await commentBatchRows(ctx, visible, q.page_size);
  const voted = viewer && rows.length ? await repo.votedComments(db, viewer.id, rows.map((c) => c.id)) : new Set<string>();
  const presented = rows.map((c) => presentComment(c, users, voted.has(c.id), viewer, lang));
  const out: Record<string, { count: number; list: Presented[] }> = {};
  for (const id of visible) out[id] = { count: counts.get(id) ?? 0, list: [] };
  rows.forEach((r, i) => out[r.object_id]!.list.push(presented[i]!));
  const held = await heldFor(ctx, visible, viewer);
  (await presentMany(ctx, held, viewer, lang)).forEach((c, i) => {
    out[held[i]!.object_id]!.list.push(c);
    out[held[i]!.object_id]!.count++;
  });
  return out;
}
