/**
 * Bookmarks (Answer's "collection"): a user bookmarks questions and answers; questions keep a
 * `collection_count`. Switching is idempotent: bookmarking twice counts once.
 */
import type { CollectionSwitchReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { requirePostTarget } from '../comment/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import type { UserRow } from '../../core/auth/index.js';
import * as repo from './collection.repository.js';

/**
 * POST /collection/switch: adds (`bookmark: true`) or removes a bookmark.
 * @returns `{object_collection_count}`: the object's bookmark count afterwards
 * @throws 404 for posts the user cannot see
 */
export async function switchBookmark(ctx: AppContext, user: UserRow, input: CollectionSwitchReq): Promise<{ object_collection_count: number }> {
  const db = requireDb(ctx);
  const target = await requirePostTarget(ctx, input.object_id, user);
  const isQuestion = target.object_type === 'question';
  const id = input.bookmark ? await requireIds(ctx).next('collection') : '';
  const count = await transaction(db, async (tx) => {
    const changed = input.bookmark
      ? await repo.addBookmark(tx, { id, user_id: user.id, object_id: target.object_id, created_at: nowSeconds() })
      : await repo.removeBookmark(tx, user.id, target.object_id);
    if (changed && isQuestion) await repo.bumpQuestionCollections(tx, target.object_id, input.bookmark ? 1 : -1);
    return repo.bookmarkCount(tx, target.object_id, isQuestion);
  });
  if (isQuestion) invalidateQuestionLists();
  return { object_collection_count: count };
}
