/**
 * Suggested edits: listing and reviewing them (PUT /revisions/audit, GET /revisions/unreviewed,
 * GET /reviewing/type), the history of a post (GET /revisions) and the edit check of the edit pages.
 * Suggested edits are of questions, answers and tags (tag wiki edits by members without
 * tag.edit_without_review, modules/tag). Reviewing needs question.audit / answer.audit / tag.audit (moderators
 * always). Approving applies the revision to the post or tag as its editor would have, records 'edited' for the
 * editor and gives them +2 reputation (edit.accepted); rejecting only marks the revision. A revision reviewed
 * meanwhile by someone else answers 400 `error.revision.already_reviewed`.
 * Reading follows the post's own page: the history and the edit check answer 404 where question/info,
 * answer/info or tag/info would, and reviewers by privilege (not moderators) see in their queue only edits of
 * posts those calls show them.
 */
import { PostStatus, urlTitle, type RevisionAuditReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, objectTypeOf, transaction } from '../../core/db/index.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { emitDomain } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { applyReputation } from '../activity/index.js';
import {
  checkAnswerEditable, findAnswer, getVisibleAnswer, prepareAnswerEdit, requireEditableAnswer, writeAnswerEdit,
} from '../answer/index.js';
import { canAudit, hasPrivilege, isModerator, type PostKind } from '../privilege/index.js';
import {
  checkQuestionEditable, findQuestion, getVisibleQuestionRef, invalidateQuestionLists, prepareQuestionEdit, requireEditableQuestion, writeQuestionEdit,
} from '../question/index.js';
import { findTagById, prepareTagEdit, tagSnapshot, writeTagEdit } from '../tag/index.js';
import { findUsersByIds, presentBasicUser, type UserRow } from '../user/index.js';
import { answerSnapshot, parseSnapshot, questionSnapshot } from './revision.content.js';
import * as repo from './revision.repository.js';

/**
 * GET /revisions/edit/check: true when `user` may edit the post now.
 * @throws 400 with the reason when not (no privilege, an edit waiting for review), 404 unknown post
 */
export async function checkEditable(ctx: AppContext, user: UserRow, id: string): Promise<boolean> {
  try {
    const type = objectTypeOf(id);
    if (type === 'question') await checkQuestionEditable(ctx, user, await requireEditableQuestion(ctx, id, user));
    else if (type === 'answer') await checkAnswerEditable(ctx, user, await requireEditableAnswer(ctx, id, user));
    else throw notFound();
  } catch (err) {
    // The edit pages show a 400 from this call as a 403 page with its message (spec §2).
    if (err instanceof AppError && err.status === 403) throw new AppError(400, err.reason, err.data);
    throw err;
  }
  return true;
}

/** What a suggested edit may change. */
type ReviewKind = PostKind | 'tag';
const REVIEW_KINDS: readonly ReviewKind[] = ['question', 'answer', 'tag'];

/** Whether `user` may review suggested edits of a kind: `<kind>.audit` (moderators always). */
function mayAudit(ctx: AppContext, user: UserRow, kind: ReviewKind): Promise<boolean> {
  return kind === 'tag' ? hasPrivilege(ctx, user, 'tag.audit') : canAudit(ctx, user, kind);
}

/** Review kinds the user may handle. */
async function auditableKinds(ctx: AppContext, user: UserRow): Promise<ReviewKind[]> {
  const out: ReviewKind[] = [];
  for (const k of REVIEW_KINDS) if (await mayAudit(ctx, user, k)) out.push(k);
  return out;
}

/**
 * PUT /revisions/audit {id, operation: approve|reject}.
 * @throws 404 unknown revision; 403 no review privilege; 400 `error.revision.already_reviewed`
 */
export async function auditRevision(ctx: AppContext, reviewer: UserRow, input: RevisionAuditReq): Promise<void> {
  const db = requireDb(ctx);
  const rev = await repo.findRevision(db, input.id);
  if (!rev || !(REVIEW_KINDS as readonly string[]).includes(rev.object_type)) throw notFound('error.revision.not_found');
  const kind = rev.object_type as ReviewKind;
  if (!(await mayAudit(ctx, reviewer, kind))) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
  if (rev.status !== repo.RevisionStatus.pending) throw badRequest('error.revision.already_reviewed');
  const now = nowSeconds();
  if (input.operation === 'reject') {
    if (!(await repo.reviewRevision(db, rev.id, 3, reviewer.id, now))) throw badRequest('error.revision.already_reviewed');
    return;
  }
  const editor = (await findUsersByIds(db, [rev.user_id])).get(rev.user_id);
  if (!editor) throw notFound('error.user.not_found');
  const activityId = await requireIds(ctx).next('activity');
  const credit = async (tx: typeof db, originalObjectId: string) => {
    if (!(await repo.reviewRevision(tx, rev.id, 2, reviewer.id, now))) throw badRequest('error.revision.already_reviewed');
    await applyReputation(tx, { id: activityId, userId: editor.id, objectId: rev.object_id, originalObjectId, activityType: 'edited', rule: 'edit.accepted', revisionId: rev.id, now });
  };
  if (kind === 'tag') {
    const snap = tagSnapshot(rev.content);
    const tag = await prepareTagEdit(ctx, rev.object_id, snap);
    try {
      await transaction(db, async (tx) => {
        await credit(tx, tag.id);
        await writeTagEdit(tx, tag, snap, rev.id, now);
      });
    } catch (err) {
      // The slug was taken by a tag created meanwhile.
      if (isUniqueViolation(err)) throw badRequest('error.tag.already_exists');
      throw err;
    }
    invalidateQuestionLists();
    return;
  }
  if (kind === 'question') {
    const q = await findQuestion(db, rev.object_id);
    if (!q || q.status === PostStatus.deleted) throw notFound('error.question.not_found');
    const snap = questionSnapshot(rev.content);
    const prep = await prepareQuestionEdit(ctx, editor, snap);
    await transaction(db, async (tx) => {
      await credit(tx, q.id);
      await writeQuestionEdit(tx, q, snap, prep, editor.id, rev.id, now);
    });
  } else {
    const a = await findAnswer(db, rev.object_id);
    if (!a || a.status === PostStatus.deleted) throw notFound('error.answer.not_found');
    const snap = answerSnapshot(rev.content);
    const prep = await prepareAnswerEdit(ctx, snap);
    await transaction(db, async (tx) => {
      await credit(tx, a.question_id);
      await writeAnswerEdit(tx, a, snap, prep, editor.id, rev.id, now);
    });
  }
  invalidateQuestionLists();
  await emitDomain(ctx, { type: 'post.edited', user_id: editor.id, object_id: rev.object_id });
}

/** Answer's GetRevisionResp for one revision; `content` is the stored snapshot with rendered HTML. */
function presentRevision(r: repo.RevisionRow, users: Map<string, UserRow>): Record<string, unknown> {
  const content: Record<string, unknown> = { ...parseSnapshot(r.content) };
  if (typeof content.content === 'string' && r.object_type !== 'tag') content.html = renderMarkdown(content.content);
  if (r.object_type === 'tag' && typeof content.original_text === 'string') content.html = renderMarkdown(content.original_text);
  if (Array.isArray(content.tags)) content.tags = content.tags.map((t) => (typeof t === 'string' ? { slug_name: t, display_name: t } : t));
  content.id = r.object_id;
  return {
    id: r.id,
    use_id: r.user_id,
    object_id: r.object_id,
    object_type: r.object_type,
    title: r.title,
    url_title: r.title ? urlTitle(r.title) : '',
    content,
    status: r.status,
    reason: r.log,
    create_at: r.created_at,
    user_info: presentBasicUser(users.get(r.user_id)),
  };
}

/**
 * What a viewer may read of revisions: every revision of the kinds in `kinds` (those they review; moderators
 * and admins all), else approved revisions and their own suggested or rejected edits.
 */
export interface RevisionScope {
  userId: string;
  kinds: readonly string[];
}

/** The revision scope of `viewer` (anonymous readers: approved revisions only). */
export async function revisionScope(ctx: AppContext, viewer: UserRow | undefined): Promise<RevisionScope> {
  if (!viewer) return { userId: '', kinds: [] };
  return { userId: viewer.id, kinds: isModerator(viewer) ? REVIEW_KINDS : await auditableKinds(ctx, viewer) };
}

/** Whether a revision is in the scope: approved, the reader's own, or of a kind they review. */
export function canReadRevision(scope: RevisionScope, r: Pick<repo.RevisionRow, 'status' | 'user_id' | 'object_type'>): boolean {
  return r.status === repo.RevisionStatus.approved || (!!scope.userId && r.user_id === scope.userId) || scope.kinds.includes(r.object_type);
}

/** Status of a live tag (tag/info shows other tags to moderators and admins only). */
const TAG_LIVE = 1;

/**
 * Checks that `viewer` may see the object whose history they ask for, as the object's own page call decides:
 * question/info (deleted questions for moderators and admins only, queued ones also for their author),
 * answer/info (the same for the answer, then for its question) and tag/info (tags not live for moderators and
 * admins only).
 * @returns false for ids that name no question, answer or tag (nothing of theirs is revised)
 * @throws 404 with the reason those calls answer: `error.question.not_found`, `error.answer.not_found`,
 *   `error.tag.not_found`
 */
async function checkRevisedObject(ctx: AppContext, objectId: string, viewer: UserRow | undefined): Promise<boolean> {
  const type = objectTypeOf(objectId);
  if (type === 'question') await getVisibleQuestionRef(ctx, objectId, viewer);
  else if (type === 'answer') await getVisibleQuestionRef(ctx, (await getVisibleAnswer(ctx, objectId, viewer)).question_id, viewer);
  else if (type === 'tag') {
    const tag = await findTagById(requireDb(ctx), objectId);
    if (!tag || (tag.status !== TAG_LIVE && !isModerator(viewer))) throw notFound('error.tag.not_found');
  } else return false;
  return true;
}

/**
 * GET /revisions?object_id=: the history of a post or tag, newest first, for those who may see the object (as
 * its info call decides; others get that call's 404). Approved revisions are shown to them all; pending and
 * rejected ones to their editor and to reviewers only.
 * @returns [] for ids that name no question, answer or tag
 * @throws 404 `error.question.not_found` / `error.answer.not_found` / `error.tag.not_found` for objects the viewer
 *   may not see, unknown ones included
 */
export async function revisionHistory(ctx: AppContext, objectId: string, viewer: UserRow | undefined): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  if (!(await checkRevisedObject(ctx, objectId, viewer))) return [];
  const [rows, scope] = await Promise.all([repo.listRevisions(db, objectId), revisionScope(ctx, viewer)]);
  const visible = rows.filter((r) => canReadRevision(scope, r));
  const users = await findUsersByIds(db, visible.map((r) => r.user_id));
  return visible.map((r) => presentRevision(r, users));
}

/** The review queue as `user` reads it: moderators and admins every object, other reviewers those they may see. */
function queueReader(user: UserRow): repo.QueueReader {
  return { userId: user.id, staff: isModerator(user) };
}

/**
 * GET /revisions/unreviewed?page=: pending suggested edits the user may review, oldest first, each with the post
 * or tag as it is now (Answer's GetUnreviewedRevisionResp: {type, info, unreviewed_info}; `type` question, answer
 * or tag). Reviewers by privilege get only edits of posts question/info and answer/info show them (not deleted,
 * queued only their own) and of live tags; moderators and admins get all. Members without a review privilege get
 * an empty page.
 */
export async function unreviewedRevisions(ctx: AppContext, user: UserRow, page: number, pageSize: number): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const kinds = await auditableKinds(ctx, user);
  const reader = queueReader(user);
  const [rows, count] = await Promise.all([repo.pendingRevisions(db, kinds, reader, (page - 1) * pageSize, pageSize), repo.countPendingRevisions(db, kinds, reader)]);
  const users = await findUsersByIds(db, rows.map((r) => r.user_id));
  const list = [];
  for (const r of rows) {
    let info: Record<string, unknown> = { object_id: r.object_id, object_type: r.object_type };
    if (r.object_type === 'tag') {
      const tag = await findTagById(db, r.object_id);
      if (tag) info = { ...info, tag_id: tag.id, title: tag.display_name, url_title: tag.slug_name, slug_name: tag.slug_name, content: tag.original_text, html: tag.parsed_text, status: tag.status, created_at: tag.created_at, object_creator_user_id: tag.user_id };
    } else if (r.object_type === 'question') {
      const q = await findQuestion(db, r.object_id);
      if (q) info = { ...info, question_id: q.id, title: q.title, url_title: urlTitle(q.title), content: q.original_text, html: q.parsed_text, status: q.status, show_status: q.show, answer_count: q.answer_count, created_at: q.created_at, object_creator_user_id: q.user_id };
    } else {
      const a = await findAnswer(db, r.object_id);
      const q = a ? await findQuestion(db, a.question_id) : undefined;
      if (a) info = { ...info, answer_id: a.id, question_id: a.question_id, title: q?.title ?? '', url_title: q ? urlTitle(q.title) : '', content: a.original_text, html: a.parsed_text, status: a.status, answer_accepted: a.accepted === 2, created_at: a.created_at, object_creator_user_id: a.user_id };
    }
    list.push({ type: r.object_type, info, unreviewed_info: presentRevision(r, users) });
  }
  return { count, list };
}

/**
 * Suggested edits waiting for the user to review (GET /reviewing/type; none without a review privilege), counted
 * as GET /revisions/unreviewed lists them.
 */
export async function suggestedEditCount(ctx: AppContext, user: UserRow): Promise<Array<{ name: 'suggested_post_edit'; todo_amount: number }>> {
  const kinds = await auditableKinds(ctx, user);
  if (!kinds.length) return [];
  return [{ name: 'suggested_post_edit', todo_amount: await repo.countPendingRevisions(requireDb(ctx), kinds, queueReader(user)) }];
}
