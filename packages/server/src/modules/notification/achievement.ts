/**
 * Achievement notifications: the reputation a user gained or lost on one post (Answer's achievement tab), one per
 * user, post and UTC day: the first reputation change on a post that day creates it with that change as its
 * `rank`, later changes the same day (another vote, an undone vote, an acceptance) add to it and keep its read
 * state; the next day's changes start a new one. Written inside the transaction of the change, so reputation and
 * achievement never disagree.
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
  /** The reputation change applied (negative for a loss or an undone gain). */
  delta: number;
  now: number;
  /**
   * Only add to an existing achievement of the day: an undo has no fresh id of its own, so undoing an earlier
   * day's change shows in the reputation and the timeline but starts no achievement.
   */
  updateOnly?: boolean;
}

/** Start of the UTC day holding `now` (unix seconds). */
const dayStart = (now: number) => now - (now % 86400);

/** Adds a change to the day's achievement of `userId` on a post (creating it); other objects (tags, users) are left out. */
export async function recordAchievement(tx: Db, a: AchievementInput): Promise<void> {
  const objectType = objectTypeOf(a.objectId);
  if (a.delta === 0 || (objectType !== 'question' && objectType !== 'answer')) return;
  const existing = await repo.findAchievement(tx, a.userId, a.objectId, dayStart(a.now));
  if (existing) {
    let content: NotificationContent;
    try {
      content = JSON.parse(existing.content) as NotificationContent;
    } catch {
      return;
    }
    await repo.updateContent(tx, existing.id, JSON.stringify({ ...content, rank: (content.rank ?? 0) + a.delta }));
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
    rank: a.delta,
  };
  await repo.insertNotifications(tx, [{ id: a.id, user_id: a.userId, object_id: a.objectId, type: 'achievement', inbox_type: 0, content: JSON.stringify(content), is_read: 0, status: 1, created_at: a.now, updated_at: a.now }]);
}

export interface BadgeAwardInput {
  /** Id of the notification (also the award's id). */
  id: string;
  userId: string;
  badgeId: string;
  /** The badge's slug: its name is translated for the reader when the notification is read. */
  badgeSlug: string;
  now: number;
}

/**
 * Writes the achievement notification of a badge award (object_type `badge`, the badge id as object), inside the
 * award's transaction. GET /notification/status reports the newest unread one as `badge_award`.
 */
export async function recordBadgeAward(tx: Db, a: BadgeAwardInput): Promise<void> {
  const content: NotificationContent = { action: 'badge_award', trigger_user_id: '', object_type: 'badge', object_id: a.badgeId, title: a.badgeSlug, rank: 0 };
  await repo.insertNotifications(tx, [{ id: a.id, user_id: a.userId, object_id: a.badgeId, type: 'achievement', inbox_type: 0, content: JSON.stringify(content), is_read: 0, status: 1, created_at: a.now, updated_at: a.now }]);
}
