/**
 * Achievement notifications: the reputation a user gained or lost on one post (Answer's achievement tab). Like
 * Answer, there is one per user and post: the first reputation change on a post creates it, later changes
 * (another vote, an undone vote) rewrite its `rank` to the user's current total on that post, and it keeps its
 * read state. Written inside the transaction of the change, so reputation and achievement never disagree.
 */
import { objectTypeOf, type Db } from '../../core/db/index.js';
import type { NotificationContent } from './notification.presenter.js';
import * as repo from './notification.repository.js';

export interface AchievementInput {
  /**
   * Id of a new notification: the id of the activity row that caused it. Ids are taken before a transaction
   * opens, and the callers of a reputation change have already taken that one.
   */
  id: string;
  userId: string;
  /** Who caused the change ('' for the user's own action). */
  triggerUserId: string;
  /** The post (question or answer). */
  objectId: string;
  /** The post's question. */
  questionId: string;
  /** The user's reputation total on the post, after the change. */
  rank: number;
  now: number;
  /** Only rewrite an existing achievement (undoing a change creates none). */
  updateOnly?: boolean;
}

/** Creates or updates the achievement of `userId` on a post; other objects (tags, users) are left out. */
export async function recordAchievement(tx: Db, a: AchievementInput): Promise<void> {
  const objectType = objectTypeOf(a.objectId);
  if (objectType !== 'question' && objectType !== 'answer') return;
  const existing = await repo.findAchievement(tx, a.userId, a.objectId);
  if (existing) {
    let content: NotificationContent;
    try {
      content = JSON.parse(existing.content) as NotificationContent;
    } catch {
      return;
    }
    await repo.updateContent(tx, existing.id, JSON.stringify({ ...content, rank: a.rank }));
    return;
  }
  if (a.updateOnly) return;
  const content: NotificationContent = {
    action: '',
    trigger_user_id: a.triggerUserId,
    object_type: objectType,
    object_id: a.objectId,
    title: await repo.questionTitle(tx, a.questionId),
    question_id: a.questionId,
    ...(objectType === 'answer' ? { answer_id: a.objectId } : {}),
    rank: a.rank,
  };
  await repo.insertNotifications(tx, [{ id: a.id, user_id: a.userId, object_id: a.objectId, type: 'achievement', inbox_type: 0, content: JSON.stringify(content), is_read: 0, status: 1, created_at: a.now, updated_at: a.now }]);
}
