/**
 * Posts as targets of comments, reactions, bookmarks and invitations: lookup plus the visibility rule of
 * question/answer pages (deleted: staff only; pending: author and staff).
 */
import { ObjectType, PostStatus } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { findPostTargets, type PostTarget } from './target.repository.js';

export type { PostTarget };

/** Whether `viewer` may see the post (and its question). */
export function canSeePost(t: PostTarget, viewer: UserRow | undefined): boolean {
  const staff = !!viewer && isStaff(viewer);
  for (const [status, owner] of [[t.status, t.user_id], [t.question_status, t.question_user_id]] as const) {
    if (status === PostStatus.deleted && !staff) return false;
    if (status === PostStatus.pending && !(staff || viewer?.id === owner)) return false;
  }
  return true;
}

/** True when the id has the shape of a question or answer id (answer-compat.md "IDs"). */
export function isPostId(id: string): boolean {
  return /^1\d{16}$/.test(id) && [ObjectType.question, ObjectType.answer].includes(Number(id.slice(1, 4)) as 1 | 2);
}

/**
 * A question or answer the viewer may see.
 * @throws 404 `error.object.not_found` for unknown, invisible or non-post ids
 */
export async function requirePostTarget(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<PostTarget> {
  const t = isPostId(id) ? (await findPostTargets(requireDb(ctx), [id])).get(id) : undefined;
  if (!t || !canSeePost(t, viewer)) throw notFound('error.object.not_found');
  return t;
}

/** Many posts in two queries, only those the viewer may see. */
export async function visiblePostTargets(ctx: AppContext, ids: string[], viewer: UserRow | undefined): Promise<Map<string, PostTarget>> {
  const all = await findPostTargets(requireDb(ctx), ids.filter(isPostId));
  for (const [id, t] of all) if (!canSeePost(t, viewer)) all.delete(id);
  return all;
}
