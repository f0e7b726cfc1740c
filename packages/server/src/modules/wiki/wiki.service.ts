/**
 * Community wiki (issue #35 item 5; Stack Exchange's community wiki): a question or answer its author or a
 * moderator made wiki is edited directly by members with the `wiki.edit` privilege (100 reputation at the default
 * level, modules/privilege editMode), and votes cast and acceptance given after that earn its author no
 * reputation (modules/vote, modules/answer acceptAnswer); reputation earned before stays. Its signature shows
 * "community wiki" and the number of editors instead of the author (presentWiki).
 * Who may change it: the author may make their post wiki but not undo it (Stack Exchange: only moderators revert
 * it); a moderator may do both. Each change is a timeline row ('wiki' or 'unwiki') of the moderator or author, and
 * a change by someone else (a moderator) tells the author in their inbox (`post_made_wiki`, `post_made_unwiki`;
 * e-mail by their notification settings).
 */
import type { PostWikiReq } from '@quorum/contract';
import { PostStatus } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { objectTypeOf, transaction } from '../../core/db/index.js';
import { forbidden, notFound } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/index.js';
import { recordActivity } from '../activity/index.js';
import { InboxType, notify } from '../notification/index.js';
import { isModerator } from '../privilege/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import * as repo from './wiki.repository.js';

/**
 * PUT /post/wiki: makes the post community wiki (`wiki` true) or an ordinary post (false). Idempotent: asking for
 * the state the post is in changes nothing and records nothing (so two clicks at once record one row).
 * @returns the post's wiki state afterwards
 * @throws 404 `error.object.not_found` (not a question or answer id, unknown, deleted, or pending and not the
 *   caller's); 403 `error.object.no_permission` (neither the author nor a moderator); 403
 *   `error.wiki.author_cannot_revert` (the author asking to undo it)
 */
export async function setPostWiki(ctx: AppContext, user: UserRow, input: PostWikiReq): Promise<{ object_id: string; wiki: boolean }> {
  const db = requireDb(ctx);
  const type = objectTypeOf(input.object_id);
  if (type !== 'question' && type !== 'answer') throw notFound('error.object.not_found');
  const post = await repo.findPost(db, type, input.object_id);
  const mod = isModerator(user);
  const own = post?.user_id === user.id;
  if (!post || post.status === PostStatus.deleted || (post.status === PostStatus.pending && !(mod || own))) throw notFound('error.object.not_found');
  if (!mod && !own) throw forbidden('error.object.no_permission');
  if (!mod && !input.wiki) throw forbidden('error.wiki.author_cannot_revert');
  if (input.wiki === post.wiki_at > 0) return { object_id: post.id, wiki: input.wiki };
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const changed = await transaction(db, async (tx) => {
    if (!(await repo.setWikiAt(tx, post, input.wiki ? now : 0))) return false;
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: post.id, originalObjectId: post.question_id, activityType: input.wiki ? 'wiki' : 'unwiki', now });
    return true;
  });
  invalidateQuestionLists();
  // Only the call that changed it tells the author (two clicks at once: one notice); none for their own change.
  if (changed) {
    await notify(ctx, [
      {
        receiver_id: post.user_id,
        trigger_user_id: user.id,
        type: 'inbox',
        inbox_type: InboxType.messages,
        action: input.wiki ? 'post_made_wiki' : 'post_made_unwiki',
        object_type: post.type,
        object_id: post.id,
        title: post.title,
        question_id: post.question_id,
        ...(post.type === 'answer' ? { answer_id: post.id } : {}),
      },
    ]);
  }
  return { object_id: post.id, wiki: input.wiki };
}
