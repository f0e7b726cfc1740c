/**
 * Following questions and tags (POST /follow; Answer's FollowReq/FollowResp). The object type comes from the
 * id (answer-compat.md "IDs"). Idempotent: following twice counts once.
 */
import { PostStatus, type FollowReq } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { objectTypeOf, transaction } from '../../core/db/index.js';
import { notFound } from '../../core/errors.js';
import { requirePostTarget } from '../comment/index.js';
import type { UserRow } from '../../core/auth/index.js';
import * as repo from './follow.repository.js';

/**
 * POST /follow: follows (or with `is_cancel` unfollows) a question or a tag.
 * @returns `{follows, is_followed}`: the follower count afterwards and the user's state
 * @throws 404 for ids that are not a visible question or a live tag
 */
export async function follow(ctx: AppContext, user: UserRow, input: FollowReq): Promise<{ follows: number; is_followed: boolean }> {
  const db = requireDb(ctx);
  const type = objectTypeOf(input.object_id);
  let table: repo.FollowTable;
  if (type === 'question') {
    const t = await requirePostTarget(ctx, input.object_id, user);
    if (t.object_type !== 'question') throw notFound('error.object.not_found');
    table = 'questions';
  } else if (type === 'tag') {
    const tag = await repo.findFollowTarget(db, 'tags', input.object_id);
    if (!tag || tag.status !== PostStatus.normal) throw notFound('error.tag.not_found');
    table = 'tags';
  } else {
    throw notFound('error.object.not_found');
  }
  const follows = await transaction(db, async (tx) => {
    const changed = input.is_cancel
      ? await repo.removeFollow(tx, user.id, input.object_id)
      : await repo.addFollow(tx, user.id, input.object_id, type, nowSeconds());
    if (changed) await repo.bumpFollowCount(tx, table, input.object_id, input.is_cancel ? -1 : 1);
    return repo.followCount(tx, table, input.object_id);
  });
  return { follows, is_followed: !input.is_cancel };
}
