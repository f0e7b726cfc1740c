/**
 * Editing questions (PUT /question) and applying approved suggested edits. Every edit is a revision row:
 * moderators, the owner and users with question.edit_without_review change the post at once (revision status
 * 2); users with only question.edit leave a pending revision (status 1) and the post stays as it is until a
 * reviewer approves it (revision module). Editing back to an earlier approved version records 'rollback'.
 */
import { PostStatus, urlTitle, type QuestionUpdateReq, type TagItem } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { emitDomain } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { recordActivity } from '../activity/index.js';
import { editMode, isModerator, requirePrivilege } from '../privilege/index.js';
import { approvedRevisions, findPendingRevision, insertRevision, questionSnapshot, sameQuestion, type QuestionSnapshot } from '../revision/index.js';
import { indexQuestion } from '../search/index.js';
import { getSettings } from '../siteinfo/index.js';
import { applyQuestionTags, normalizeSlug, planQuestionTags, type TagPlan } from '../tag/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { cacheClear } from './question.cache.js';
import { recordQuestionLinks } from './question.links.js';
import * as repo from './question.repository.js';
import { linkedTagIds, unlinkTags } from './question.state.repository.js';
import { checkEditLimits } from '../spam/index.js';
import { reviewPostEdit } from '../reviewer/reviewer.apply.js';
import { checkQuestionRules } from './question.rules.js';
import { checkPostOpen } from '../lock/index.js';

/** Work done before the transaction opens (ids are never taken inside one). */
export interface PreparedQuestionEdit {
  plan: TagPlan;
  html: string;
  siteUrl: string;
}

/**
 * Checks and plans an edit as `editor` may make it: tag rules (reserved tags, new tags need tag.add).
 * @throws 400 field errors on `tags`
 */
export async function prepareQuestionEdit(ctx: AppContext, editor: UserRow, snap: QuestionSnapshot): Promise<PreparedQuestionEdit> {
  const plan = await planQuestionTags(ctx, editor, snap.tags as TagItem[]);
  const { general } = await getSettings(ctx);
  return { plan, html: renderMarkdown(snap.content), siteUrl: general.site_url };
}

/**
 * Writes an edit into the question inside the caller's transaction: title, body, tags (links and counts),
 * linked questions, search index.
 */
export async function writeQuestionEdit(tx: Db, q: repo.QuestionRow, snap: QuestionSnapshot, prep: PreparedQuestionEdit, editorId: string, revisionId: string, now: number): Promise<void> {
  await repo.updateQuestion(tx, q.id, {
    title: snap.title,
    original_text: snap.content,
    parsed_text: prep.html,
    last_edit_user_id: editorId,
    revision_id: revisionId,
    updated_at: now,
    post_updated_at: now,
  });
  const current = await linkedTagIds(tx, q.id);
  const wanted = prep.plan.tagIds;
  await unlinkTags(tx, q.id, current.filter((id) => !wanted.includes(id)));
  await applyQuestionTags(tx, q.id, { tagIds: wanted.filter((id) => !current.includes(id)), newTags: prep.plan.newTags }, now);
  await recordQuestionLinks(tx, q.id, snap.content, prep.siteUrl, now);
  await indexQuestion(tx, { id: q.id, user_id: q.user_id, title: snap.title, parsed_text: prep.html, created_at: q.created_at });
}

/** A question that can be edited: exists, not deleted; pending ones only by their owner or staff. */
export async function requireEditableQuestion(ctx: AppContext, id: string, user: UserRow): Promise<repo.QuestionRow> {
  const q = await repo.findQuestion(requireDb(ctx), id);
  if (!q || q.status === PostStatus.deleted) throw notFound('error.question.not_found');
  if (q.status === PostStatus.pending && !(isModerator(user) || q.user_id === user.id)) throw notFound('error.question.not_found');
  return q;
}

/**
 * Whether `user` may start editing the question now (GET /revisions/edit/check and PUT /question).
 * @returns the edit mode ('direct' or 'review')
 * @throws 404 unknown or deleted; 403 rank too low; 400 `error.revision.review_underway` while another edit
 *   waits for review
 */
export async function checkQuestionEditable(ctx: AppContext, user: UserRow, q: repo.QuestionRow): Promise<'direct' | 'review'> {
  const mode = await editMode(ctx, user, 'question', q.user_id, q.wiki_at > 0);
  if (mode === 'denied') await requirePrivilege(ctx, user, 'question.edit');
  if (await findPendingRevision(requireDb(ctx), q.id)) throw badRequest('error.revision.review_underway');
  return mode === 'review' ? 'review' : 'direct';
}

/** True when `snap` brings back an earlier approved version (not the current one). */
async function isRollback(db: Db, q: repo.QuestionRow, snap: QuestionSnapshot): Promise<boolean> {
  const revs = await approvedRevisions(db, q.id, 50);
  const current = revs.find((r) => r.id === q.revision_id) ?? revs[0];
  if (current && sameQuestion(questionSnapshot(current.content), snap)) return false;
  return revs.some((r) => r.id !== current?.id && sameQuestion(questionSnapshot(r.content), snap));
}

/**
 * PUT /question.
 * @returns `{mode: 'review'}` when the edit waits for review, else `{mode: 'direct'}` (the caller presents the
 *   question)
 * @throws 404, 403 (rank), 400 review underway, 400 field errors from the body and tag minimums
 *   (question.rules.ts) and the tag rules; the new-member limits
 *   (modules/spam): 429 over `edits_per_hour`, 400 field errors on `content`
 */
export async function editQuestion(ctx: AppContext, user: UserRow, input: QuestionUpdateReq): Promise<{ mode: 'direct' | 'review'; urlTitle: string }> {
  const db = requireDb(ctx);
  const q = await requireEditableQuestion(ctx, input.id, user);
  await checkPostOpen(ctx, user, 'edit', { objectId: q.id, questionId: q.id });
  await checkQuestionRules(ctx, input);
  const editable = await checkQuestionEditable(ctx, user, q);
  await checkEditLimits(ctx, user, input.content, 'content');
  // A reviewer's queue verdict makes the edit a suggested edit waiting for review (modules/reviewer).
  const mode = (await reviewPostEdit(ctx, user, 'question', q.id, { title: input.title, content: input.content })) ? 'review' : editable;
  const snap: QuestionSnapshot = {
    title: input.title,
    content: input.content,
    tags: input.tags.map((t) => ({ slug_name: normalizeSlug(t.slug_name), display_name: t.display_name })),
  };
  const prep = await prepareQuestionEdit(ctx, user, snap);
  const ids = requireIds(ctx);
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const revision = { id: revisionId, user_id: user.id, object_type: 'question', object_id: q.id, title: snap.title, content: JSON.stringify(snap), log: input.edit_summary, created_at: now, updated_at: now };
  if (mode === 'review') {
    await insertRevision(db, { ...revision, status: 1 });
    return { mode, urlTitle: urlTitle(q.title) };
  }
  const rollback = await isRollback(db, q, snap);
  await transaction(db, async (tx) => {
    await insertRevision(tx, { ...revision, status: 2 });
    await writeQuestionEdit(tx, q, snap, prep, user.id, revisionId, now);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: rollback ? 'rollback' : 'edited', revisionId, now });
  });
  cacheClear();
  await emitDomain(ctx, { type: 'post.edited', user_id: user.id, object_id: q.id });
  return { mode, urlTitle: urlTitle(snap.title) };
}
