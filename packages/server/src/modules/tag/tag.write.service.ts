/**
 * Tag writes (spec §2 /tags/create and /tags/{id}/edit, §5 tag rules, §6 roles; answer-compat.md privileges).
 * Every write checks access first, then changes the tag together with its revision (and activity) rows in
 * one transaction. Ids are taken before the transaction opens.
 */
import { type FollowTagsReq, type TagAddReq, type TagSynonymUpdateReq, type TagUpdateReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, transaction } from '../../core/db/index.js';
import { badRequest, fieldError, forbidden, notFound } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import { hasPrivilege, requirePrivilege } from '../privilege/index.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import * as repo from './tag.repository.js';
import { normalizeSlug } from './tag.service.js';
import { newTagRow } from './tag.presenter.js';

function revisionContent(t: { slug_name: string; display_name: string; original_text: string }): string {
  return JSON.stringify({ slug_name: t.slug_name, display_name: t.display_name, original_text: t.original_text });
}

/**
 * POST /tag: moderators and admins only (spec §2 /tags/create).
 * @returns the new tag row
 * @throws 403 for other users; 400 field error `slug_name` `error.tag.already_exists`
 */
export async function createTag(ctx: AppContext, user: UserRow, input: TagAddReq): Promise<repo.TagRow> {
  if (!isStaff(user)) throw forbidden('error.tag.create_needs_moderator');
  const db = requireDb(ctx);
  const slug = normalizeSlug(input.slug_name);
  if (await repo.findTagBySlug(db, slug)) throw fieldError('slug_name', 'error.tag.already_exists');
  const ids = requireIds(ctx);
  const [id, revisionId, activityId] = [await ids.next('tag'), await ids.next('revision'), await ids.next('activity')];
  const now = nowSeconds();
  const row = newTagRow({ id, slug_name: slug, display_name: input.display_name, original_text: input.original_text, user_id: user.id, revision_id: revisionId, now });
  try {
    await transaction(db, async (tx) => {
      await repo.insertTag(tx, row);
      await repo.insertTagRevision(tx, { id: revisionId, user_id: user.id, object_type: 'tag', object_id: id, title: row.display_name, content: revisionContent(row), log: '', status: 2, created_at: now, updated_at: now });
      await repo.insertTagActivity(tx, { id: activityId, user_id: user.id, object_id: id, original_object_id: id, activity_type: 'created', revision_id: revisionId, created_at: now, updated_at: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug_name', 'error.tag.already_exists');
    throw err;
  }
  return row;
}

/**
 * PUT /tag. Needs the tag.edit privilege. Editors with tag.edit_without_review (and moderators) change the tag
 * at once; others leave a pending revision (status 1) for review and the tag stays as it is.
 * @returns `{wait_for_review}`: true when the edit waits for review
 * @throws 403 `error.rank.fail_to_meet_the_condition`; 404 unknown or deleted tag; 400 field error when the new
 *   slug is taken
 */
export async function updateTag(ctx: AppContext, user: UserRow, input: TagUpdateReq): Promise<{ wait_for_review: boolean }> {
  await requirePrivilege(ctx, user, 'tag.edit');
  const db = requireDb(ctx);
  const tag = await repo.findTagById(db, input.tag_id);
  if (!tag || tag.status !== 1) throw notFound('error.tag.not_found');
  const slug = normalizeSlug(input.slug_name);
  if (slug !== tag.slug_name && (await repo.findTagBySlug(db, slug))) throw fieldError('slug_name', 'error.tag.already_exists');
  const direct = await hasPrivilege(ctx, user, 'tag.edit_without_review');
  const ids = requireIds(ctx);
  const revisionId = await ids.next('revision');
  const activityId = direct ? await ids.next('activity') : '';
  const now = nowSeconds();
  const next = { slug_name: slug, display_name: input.display_name, original_text: input.original_text };
  try {
    await transaction(db, async (tx) => {
      await repo.insertTagRevision(tx, { id: revisionId, user_id: user.id, object_type: 'tag', object_id: tag.id, title: next.display_name, content: revisionContent(next), log: input.edit_summary, status: direct ? 2 : 1, created_at: now, updated_at: now });
      if (!direct) return;
      await repo.updateTagFields(tx, tag.id, { ...next, parsed_text: next.original_text ? renderMarkdown(next.original_text) : '', revision_id: revisionId, updated_at: now });
      await repo.insertTagActivity(tx, { id: activityId, user_id: user.id, object_id: tag.id, original_object_id: tag.id, activity_type: 'edited', revision_id: revisionId, created_at: now, updated_at: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug_name', 'error.tag.already_exists');
    throw err;
  }
  return { wait_for_review: !direct };
}

/**
 * DELETE /tag: moderators and admins, and only a tag no question uses. Its synonyms become ordinary tags.
 * @throws 403; 404; 400 toast `error.tag.is_used`
 */
export async function deleteTag(ctx: AppContext, user: UserRow, tagId: string): Promise<void> {
  if (!isStaff(user)) throw forbidden();
  const db = requireDb(ctx);
  const tag = await repo.findTagById(db, tagId);
  if (!tag || tag.status !== 1) throw notFound('error.tag.not_found');
  if (tag.question_count > 0 || (await repo.countTagQuestions(db, tag.id)) > 0) throw badRequest('error.tag.is_used');
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    await repo.updateTagFields(tx, tag.id, { status: 10, updated_at: now });
    await repo.clearSynonymsOf(tx, tag.id);
    await repo.insertTagActivity(tx, { id: activityId, user_id: user.id, object_id: tag.id, original_object_id: tag.id, activity_type: 'deleted', created_at: now, updated_at: now });
  });
}

/** POST /tag/recover: moderators and admins bring a deleted tag back. @throws 403; 404 */
export async function recoverTag(ctx: AppContext, user: UserRow, tagId: string): Promise<void> {
  if (!isStaff(user)) throw forbidden();
  const db = requireDb(ctx);
  const tag = await repo.findTagById(db, tagId);
  if (!tag) throw notFound('error.tag.not_found');
  if (tag.status === 1) return;
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    await repo.updateTagFields(tx, tag.id, { status: 1, updated_at: now });
    await repo.insertTagActivity(tx, { id: activityId, user_id: user.id, object_id: tag.id, original_object_id: tag.id, activity_type: 'undeleted', created_at: now, updated_at: now });
  });
}

/**
 * PUT /tag/synonym: sets the complete synonym list of a tag (tag.synonym privilege). Unknown slugs become new
 * tags; questions filed under a synonym move to the main tag.
 * @throws 403; 404; 400 toast `error.tag.synonym_of_synonym` when the tag is itself a synonym
 */
export async function updateSynonyms(ctx: AppContext, user: UserRow, input: TagSynonymUpdateReq): Promise<void> {
  await requirePrivilege(ctx, user, 'tag.synonym');
  const db = requireDb(ctx);
  const main = await repo.findTagById(db, input.tag_id);
  if (!main || main.status !== 1) throw notFound('error.tag.not_found');
  if (main.main_tag_id) throw badRequest('error.tag.synonym_of_synonym');
  const slugs = [...new Set(input.synonym_tag_list.map((t) => normalizeSlug(t.slug_name)))].filter((s) => s !== main.slug_name);
  const existing = await repo.findTagsBySlugs(db, slugs);
  const bySlug = new Map(existing.map((t) => [t.slug_name, t]));
  const ids = requireIds(ctx);
  const now = nowSeconds();
  const created: repo.TagRow[] = [];
  for (const slug of slugs.filter((s) => !bySlug.has(s))) {
    const item = input.synonym_tag_list.find((t) => normalizeSlug(t.slug_name) === slug)!;
    created.push({
      id: await ids.next('tag'), slug_name: slug, display_name: item.display_name?.trim() || slug, original_text: '', parsed_text: '',
      main_tag_id: '', recommend: 0, reserved: 0, follow_count: 0, question_count: 0, status: 1, user_id: user.id, revision_id: '', created_at: now, updated_at: now,
    });
  }
  const synIds = [...existing.map((t) => t.id), ...created.map((t) => t.id)];
  try {
    await transaction(db, async (tx) => {
      for (const t of created) await repo.insertTag(tx, t);
      await repo.setSynonyms(tx, main.id, synIds, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('error.tag.duplicate');
    throw err;
  }
}

/**
 * PUT /follow/tags: the user now follows exactly these tags (unknown slugs are ignored; a synonym means its
 * main tag). Keeps tags.follow_count in step.
 */
export async function followTags(ctx: AppContext, user: UserRow, input: FollowTagsReq): Promise<void> {
  const db = requireDb(ctx);
  const slugs = [...new Set(input.slug_name_list.map(normalizeSlug).filter(Boolean))];
  const rows = await repo.findTagsBySlugs(db, slugs);
  const tagIds = [...new Set(rows.map((r) => r.main_tag_id || r.id))];
  await transaction(db, (tx) => repo.replaceFollowedTags(tx, user.id, tagIds, nowSeconds()));
}
