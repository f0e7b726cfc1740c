/**
 * Tag rules used when asking: synonyms resolve to their main tag, unknown tags need the create-tag privilege,
 * reserved tags need a moderator (answer-compat.md privileges; spec §5 write settings).
 */
import type { TagItem } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, type Db } from '../../core/db/index.js';
import { conflict, fieldError } from '../../core/errors.js';
import { hasPrivilege } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { isStaff } from '../user/index.js';
import * as repo from './tag.repository.js';
import { newTagRow, presentTag } from './tag.presenter.js';

/** Normalizes a slug as typed: trimmed, lower case, spaces to '-'. */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Recommended and reserved slugs from the write settings. */
export async function writeTagSets(ctx: AppContext): Promise<{ recommend: Set<string>; reserved: Set<string> }> {
  const { site_write } = await getSettings(ctx);
  return {
    recommend: new Set(site_write.recommend_tags.map((t) => t.slug_name)),
    reserved: new Set(site_write.reserved_tags.map((t) => t.slug_name)),
  };
}

export interface TagPlan {
  /** Ids of the tags to link, in the order given, synonyms replaced by their main tag. */
  tagIds: string[];
  /** Tags to create (ids already allocated). */
  newTags: repo.TagRow[];
}

/**
 * Works out the tags of a new question before its transaction opens (ids are never allocated inside a
 * transaction): existing tags (synonyms mapped to their main tag), new tags when the user may create them,
 * duplicates removed.
 * @throws 400 field error on `tags` when a tag is unknown and the user lacks the create-tag privilege, when a
 *   reserved tag is used by a non-moderator, or when required_tag is on and no recommended tag is present
 */
export async function planQuestionTags(ctx: AppContext, user: UserRow, items: TagItem[]): Promise<TagPlan> {
  const db = requireDb(ctx);
  const slugs = [...new Set(items.map((t) => normalizeSlug(t.slug_name)))];
  const existing = await repo.findTagsBySlugs(db, slugs);
  const bySlug = new Map(existing.map((t) => [t.slug_name, t]));
  const sets = await writeTagSets(ctx);
  const { site_write } = await getSettings(ctx);
  const staff = isStaff(user);

  for (const slug of slugs) if ((sets.reserved.has(slug) || bySlug.get(slug)?.reserved === 1) && !staff) throw fieldError('tags', 'error.tag.reserved_needs_moderator');
  if (site_write.required_tag && sets.recommend.size && !slugs.some((s) => sets.recommend.has(s))) throw fieldError('tags', 'error.tag.recommended_required');

  const missing = slugs.filter((s) => !bySlug.has(s));
  if (missing.length && !(await hasPrivilege(ctx, user, 'tag.add'))) throw fieldError('tags', 'error.tag.not_found_no_privilege');

  const ids = requireIds(ctx);
  const now = nowSeconds();
  const newTags: repo.TagRow[] = [];
  for (const slug of missing) {
    const item = items.find((t) => normalizeSlug(t.slug_name) === slug)!;
    const row = newTagRow({ id: await ids.next('tag'), slug_name: slug, display_name: item.display_name?.trim() || slug, original_text: item.original_text, user_id: user.id, now });
    newTags.push(row);
    bySlug.set(slug, row);
  }
  const tagIds: string[] = [];
  for (const slug of slugs) {
    const t = bySlug.get(slug)!;
    const id = t.main_tag_id || t.id;
    if (!tagIds.includes(id)) tagIds.push(id);
  }
  return { tagIds, newTags };
}

/**
 * Applies a tag plan inside the question's transaction: creates the new tags and links them all.
 * @throws 409 `error.tag.duplicate` when another request created one of the new tags meanwhile
 */
export async function applyQuestionTags(tx: Db, questionId: string, plan: TagPlan, now: number): Promise<void> {
  for (const t of plan.newTags) {
    try {
      await repo.insertTag(tx, t);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('error.tag.duplicate');
      throw err;
    }
  }
  await repo.linkQuestionTags(tx, questionId, plan.tagIds, now);
}

/** Wire tags of many questions: question id -> TagResp[]. */
export async function presentTagsOfQuestions(ctx: AppContext, questionIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
  const db = requireDb(ctx);
  const [rel, sets] = await Promise.all([repo.tagsOfQuestions(db, questionIds), writeTagSets(ctx)]);
  const out = new Map<string, Record<string, unknown>[]>();
  for (const [qid, tags] of rel) out.set(qid, tags.map((t) => presentTag(t, sets)));
  return out;
}

/** GET /question/tags?tag=: prefix search for the editor, at most 10 tags. */
export async function suggestTags(ctx: AppContext, prefix: string): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const sets = await writeTagSets(ctx);
  const rows = await repo.searchTagsByPrefix(db, normalizeSlug(prefix), 10);
  return rows.map((t) => presentTag(t, sets));
}

/** Main-tag id of a slug (for list filters), or undefined. */
export async function tagIdBySlug(ctx: AppContext, slug: string): Promise<string | undefined> {
  return repo.findTagIdBySlug(requireDb(ctx), normalizeSlug(slug));
}
