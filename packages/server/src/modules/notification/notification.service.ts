/**
 * Notifications: written by other modules through `notify`, read by their receiver (spec §7 notifications;
 * Answer's inbox/achievement model). The status call is polled every 3 s (spec §9), so it is two small queries.
 */
import type { NotificationPageQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { notFound } from '../../core/errors.js';
import { prepareNotificationMails, queuePreparedMails } from '../notify-mail/index.js';
import { publishLive } from '../../core/events.js';
import { BADGES, badgeById } from '../badge/badge.data.js';
import { badgeText } from '../badge/badge.i18n.js';
import { hasPrivilege } from '../privilege/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { parseContent, presentNotification, type NotificationContent } from './notification.presenter.js';
import * as repo from './notification.repository.js';

/** Inbox sub-types (Answer's numbering). */
export const InboxType = { posts: 1, votes: 2, invites: 3, messages: 4 } as const;

export interface NotifyInput extends NotificationContent {
  receiver_id: string;
  type: 'inbox' | 'achievement';
  inbox_type?: number;
}

/**
 * Writes notifications and, for inbox ones, queues their e-mails (modules/mail notify-mail.ts: the receiver's
 * `inbox` e-mail option, mailable accounts only, one e-mail per event and receiver) in the same transaction, so a
 * notification and its e-mail exist together or not at all. Call it after the write that causes them has
 * committed: a failure here is logged and never undoes or fails the caller's write. Items whose receiver is the
 * trigger user (your own actions) and duplicates (same receiver, action and object) are dropped.
 * @param items one per receiver
 */
export async function notify(ctx: AppContext, items: NotifyInput[]): Promise<void> {
  const seen = new Set<string>();
  const wanted = items.filter((n) => {
    const key = `${n.receiver_id}:${n.action}:${n.object_id}`;
    if (!n.receiver_id || n.receiver_id === n.trigger_user_id || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!wanted.length) return;
  try {
    const ids = requireIds(ctx);
    const now = nowSeconds();
    const rows: Parameters<typeof repo.insertNotifications>[1] = [];
    for (const n of wanted) {
      const { receiver_id, type, inbox_type, ...content } = n;
      rows.push({
        id: await ids.next('notification'),
        user_id: receiver_id,
        object_id: content.object_id,
        type,
        inbox_type: type === 'inbox' ? (inbox_type ?? InboxType.posts) : 0,
        content: JSON.stringify(content),
        is_read: 0,
        status: 1,
        created_at: now,
        updated_at: now,
      });
    }
    const mails = await prepareNotificationMails(ctx, wanted.filter((n) => n.type === 'inbox')).catch((err: unknown) => {
      ctx.log.error({ err }, 'composing notification e-mails failed');
      return [];
    });
    await transaction(requireDb(ctx), async (tx) => {
      await repo.insertNotifications(tx, rows);
      await queuePreparedMails(ctx, tx, mails);
    });
    publishLive(ctx, { type: 'notification', user_ids: [...new Set(wanted.map((n) => n.receiver_id))] });
  } catch (err) {
    ctx.log.error({ err }, 'writing notifications failed');
  }
}

/**
 * Tells a member who flagged a post how the flag was handled (inbox notification and, per their settings, an
 * e-mail). For the moderation module to call once a flag is decided.
 * @param flag the reporter, the moderator who decided, the flagged post (`objectId` of a question, answer or
 *   comment with its question, answer and title) and the outcome: 'accepted' (acted on) or 'rejected' (kept)
 */
export async function notifyFlagOutcome(
  ctx: AppContext,
  flag: { reporterId: string; moderatorId: string; objectType: string; objectId: string; questionId: string; answerId?: string; commentId?: string; title: string; outcome: 'accepted' | 'rejected' },
): Promise<void> {
  await notify(ctx, [
    {
      receiver_id: flag.reporterId,
      trigger_user_id: flag.moderatorId,
      type: 'inbox',
      inbox_type: InboxType.messages,
      action: flag.outcome === 'accepted' ? 'flag_accepted' : 'flag_rejected',
      object_type: flag.objectType,
      object_id: flag.objectId,
      title: flag.title,
      question_id: flag.questionId,
      ...(flag.answerId ? { answer_id: flag.answerId } : {}),
      ...(flag.commentId ? { comment_id: flag.commentId } : {}),
    },
  ]);
}

/** GET /notification/page: the viewer's notifications of a type, newest first, with the trigger users; phrases in `lang`. */
export async function notificationPage(ctx: AppContext, user: UserRow, q: NotificationPageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const inboxType = q.type === 'inbox' && q.inbox_type !== 'all' ? InboxType[q.inbox_type] : undefined;
  const [rows, count] = await Promise.all([
    repo.listNotifications(db, user.id, q.type, inboxType, (q.page - 1) * q.page_size, q.page_size),
    repo.countNotifications(db, user.id, q.type, inboxType),
  ]);
  const contents = rows.map(parseContent);
  const users = await findUsersByIds(db, contents.map((c) => c.trigger_user_id));
  return { count, list: rows.map((r, i) => presentNotification(r, contents[i]!, users, lang)) };
}

const BADGE_IDS = BADGES.map((b) => b.id);

/**
 * GET /notification/status: unread counts `{inbox, achievement, revision, can_revision, badge_award}`;
 * `revision` (suggested edits waiting) only for users who may review; `badge_award` the newest unread badge award
 * `{notification_id, badge_id, name, icon, level}` or null (Answer's RedDotBadgeAward; its client shows it once
 * and marks the notification read). Names in `lang`.
 */
export async function notificationStatus(ctx: AppContext, user: UserRow, lang = 'en_US'): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const canReview = await hasPrivilege(ctx, user, 'question.audit');
  const [counts, revision, award] = await Promise.all([
    repo.unreadCounts(db, user.id),
    canReview ? repo.countPendingRevisions(db) : Promise.resolve(0),
    repo.newestUnreadBadgeAward(db, user.id, BADGE_IDS),
  ]);
  const def = award ? badgeById(award.object_id) : undefined;
  const badgeAward = award && def ? { notification_id: award.id, badge_id: def.id, name: badgeText(def.slug, 'name', lang), icon: def.icon, level: def.level } : null;
  return { inbox: counts.inbox ?? 0, achievement: counts.achievement ?? 0, revision, can_revision: canReview, badge_award: badgeAward };
}

/** PUT /notification/read/state: marks one of the viewer's notifications read. @throws 404 when it is not theirs */
export async function readNotification(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!(await repo.markRead(requireDb(ctx), user.id, id, nowSeconds()))) throw notFound('error.notification.not_found');
  publishLive(ctx, { type: 'notification', user_ids: [user.id] });
}

/** PUT /notification/read/state/all and PUT /notification/status: marks all of a type read. */
export async function readAllNotifications(ctx: AppContext, user: UserRow, type: string): Promise<void> {
  await repo.markAllRead(requireDb(ctx), user.id, type, nowSeconds());
  publishLive(ctx, { type: 'notification', user_ids: [user.id] });
}
