/**
 * Tag reads (spec §7 tag calls; Answer's shapes): the tag list, tags by slug, one tag with the viewer's
 * follow state and actions, synonyms, and the viewer's followed tags. Public except `followingTags`.
 */
import type { TagPageQuery } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { hasPrivilege } from '../privilege/index.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { presentTag, presentTagDetail, presentTagPageItem, presentTagRef, type MemberAction } from './tag.presenter.js';
import * as repo from './tag.repository.js';
import { normalizeSlug, writeTagSets } from './tag.service.js';

/** GET /tags/page: live main tags, filtered by a slug or display-name prefix as the user types. */
export async function tagPage(ctx: AppContext, q: TagPageQuery, viewer?: UserRow): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const prefix = q.slug_name ? normalizeSlug(q.slug_name) : undefined;
  const [{ rows, count }, sets] = await Promise.all([
    repo.pageTags(db, { prefix, order: q.query_cond, offset: (q.page - 1) * q.page_size, limit: q.page_size }),
    writeTagSets(ctx),
  ]);
  const followed = viewer ? await repo.followedAmong(db, viewer.id, rows.map((r) => r.id)) : new Set<string>();
  return { count, list: rows.map((r) => presentTagPageItem(r, sets, followed.has(r.id))) };
}

/** GET /tags?tags=: live tags by slug (comma-separated or repeated), in the order asked. */
export async function tagsBySlugs(ctx: AppContext, raw: string | string[] | undefined): Promise<Record<string, unknown>[]> {
  const slugs = [...new Set((Array.isArray(raw) ? raw : [raw ?? '']).flatMap((s) => s.split(',')).map(normalizeSlug).filter(Boolean))].slice(0, 50);
  const db = requireDb(ctx);
  const [rows, sets] = await Promise.all([repo.findTagsBySlugs(db, slugs), writeTagSets(ctx)]);
  const bySlug = new Map(rows.map((r) => [r.slug_name, r]));
  const mains = new Map((await repo.findTagsByIds(db, rows.map((r) => r.main_tag_id).filter(Boolean))).map((t) => [t.id, t.slug_name]));
  return slugs.flatMap((s) => {
    const r = bySlug.get(s);
    return r ? [presentTag(r, sets, mains.get(r.main_tag_id) ?? '')] : [];
  });
}

/** Actions the viewer may take on a tag (shown as the tag page's menu). */
async function memberActions(ctx: AppContext, tag: repo.TagRow, viewer: UserRow | undefined): Promise<MemberAction[]> {
  if (!viewer) return [];
  const out: MemberAction[] = [];
  if (tag.status === 1 && (await hasPrivilege(ctx, viewer, 'tag.edit'))) out.push({ action: 'edit', name: 'Edit', type: 'edit' });
  if (isStaff(viewer)) {
    if (tag.status === 1) out.push({ action: 'delete', name: 'Delete', type: 'reason' });
    else out.push({ action: 'undelete', name: 'Undelete', type: 'edit' });
  }
  return out;
}

/** A tag row with the details of GET /tag, for `viewer`. */
export async function presentTagFor(ctx: AppContext, tag: repo.TagRow, viewer: UserRow | undefined): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const [sets, followed, main, actions, revisions] = await Promise.all([
    writeTagSets(ctx),
    viewer ? repo.followedAmong(db, viewer.id, [tag.id]) : Promise.resolve(new Set<string>()),
    tag.main_tag_id ? repo.findTagById(db, tag.main_tag_id) : Promise.resolve(undefined),
    memberActions(ctx, tag, viewer),
    repo.countRevisions(db, tag.id),
  ]);
  return presentTagDetail(tag, sets, { isFollower: followed.has(tag.id), mainSlug: main?.slug_name ?? '', memberActions: actions, revisionCount: revisions });
}

/**
 * GET /tag?tag_id= or ?tag_name=: one tag. Deleted tags are shown to moderators and admins only.
 * @throws 404 `error.tag.not_found`
 */
export async function tagInfo(ctx: AppContext, by: { id?: string; name?: string }, viewer?: UserRow): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const tag = by.id ? await repo.findTagById(db, by.id) : by.name ? await repo.findTagBySlug(db, normalizeSlug(by.name)) : undefined;
  if (!tag || (tag.status !== 1 && !(viewer && isStaff(viewer)))) throw notFound('error.tag.not_found');
  return presentTagFor(ctx, tag, viewer);
}

/**
 * The main tag of a slug and its details, for search results filtered by one tag; undefined when unknown.
 * A synonym resolves to its main tag.
 */
export async function tagSummaryBySlug(ctx: AppContext, slug: string, viewer?: UserRow): Promise<{ mainId: string; info: Record<string, unknown> } | undefined> {
  const db = requireDb(ctx);
  const tag = (await repo.findTagsBySlugs(db, [normalizeSlug(slug)]))[0];
  if (!tag) return undefined;
  const main = tag.main_tag_id ? await repo.findTagById(db, tag.main_tag_id) : tag;
  if (!main) return undefined;
  return { mainId: main.id, info: await presentTagFor(ctx, main, viewer) };
}

/** GET /tag/synonyms?tag_id=: synonyms of the tag's main tag, and whether the viewer may change them. */
export async function tagSynonyms(ctx: AppContext, tagId: string, viewer?: UserRow): Promise<{ synonyms: Record<string, unknown>[]; member_actions: MemberAction[] }> {
  const db = requireDb(ctx);
  const tag = await repo.findTagById(db, tagId);
  if (!tag || tag.status !== 1) throw notFound('error.tag.not_found');
  const main = tag.main_tag_id ? ((await repo.findTagById(db, tag.main_tag_id)) ?? tag) : tag;
  const [rows, sets] = await Promise.all([repo.synonymsOf(db, main.id), writeTagSets(ctx)]);
  const canEdit = viewer ? await hasPrivilege(ctx, viewer, 'tag.synonym') : false;
  return {
    synonyms: rows.map((r) => presentTagRef(r, sets, main.slug_name)),
    member_actions: canEdit ? [{ action: 'edit', name: 'Edit', type: 'edit' }] : [],
  };
}

/** GET /tags/following: the user's followed tags. */
export async function followingTags(ctx: AppContext, user: UserRow): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const [rows, sets] = await Promise.all([repo.followedTags(db, user.id), writeTagSets(ctx)]);
  const mains = new Map((await repo.findTagsByIds(db, rows.map((r) => r.main_tag_id).filter(Boolean))).map((t) => [t.id, t.slug_name]));
  return rows.map((r) => presentTagRef(r, sets, mains.get(r.main_tag_id) ?? ''));
}
