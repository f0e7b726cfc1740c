/**
 * Suggested tag edits: PUT /tag by a member without tag.edit_without_review leaves a pending revision (status 1,
 * content `{slug_name, display_name, original_text}`; tag.write.service.ts). Reviewing it belongs to the revision
 * module (PUT /revisions/audit, `tag.audit`); these apply an approved one to the tag, as the editor's direct edit
 * would have: prepare outside the transaction (checks), write inside it.
 */
import type { AppContext } from '../../core/context.js';
import { requireDb } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import * as repo from './tag.repository.js';
import { normalizeSlug } from './tag.service.js';

/** A tag revision's content, as stored by PUT /tag. */
export interface TagSnapshot {
  slug_name: string;
  display_name: string;
  original_text: string;
}

/** Reads a tag revision's stored JSON; missing fields are ''. */
export function tagSnapshot(content: string): TagSnapshot {
  let v: Partial<TagSnapshot> = {};
  try {
    v = (JSON.parse(content) ?? {}) as Partial<TagSnapshot>;
  } catch {
    // not JSON: nothing to apply
  }
  return { slug_name: normalizeSlug(String(v.slug_name ?? '')), display_name: String(v.display_name ?? ''), original_text: String(v.original_text ?? '') };
}

/**
 * Checks that a suggested edit can still be applied to tag `tagId`.
 * @returns the live tag
 * @throws 404 `error.tag.not_found` (unknown or deleted meanwhile); 400 `error.tag.already_exists` when the new
 *   slug now belongs to another tag
 */
export async function prepareTagEdit(ctx: AppContext, tagId: string, snap: TagSnapshot): Promise<repo.TagRow> {
  const db = requireDb(ctx);
  const tag = await repo.findTagById(db, tagId);
  if (!tag || tag.status !== 1) throw notFound('error.tag.not_found');
  if (snap.slug_name && snap.slug_name !== tag.slug_name) {
    const other = await repo.findTagBySlug(db, snap.slug_name);
    if (other && other.id !== tag.id) throw badRequest('error.tag.already_exists');
  }
  return tag;
}

/** Writes an approved suggested edit onto the tag (inside the caller's transaction); `revisionId` becomes its current revision. */
export async function writeTagEdit(tx: Db, tag: repo.TagRow, snap: TagSnapshot, revisionId: string, now: number): Promise<void> {
  await repo.updateTagFields(tx, tag.id, {
    slug_name: snap.slug_name || tag.slug_name,
    display_name: snap.display_name || snap.slug_name || tag.display_name,
    original_text: snap.original_text,
    parsed_text: snap.original_text ? renderMarkdown(snap.original_text) : '',
    revision_id: revisionId,
    updated_at: now,
  });
}
