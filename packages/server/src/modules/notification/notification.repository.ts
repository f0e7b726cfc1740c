/** The only place that queries `notifications` (and the pending-revision count of the red dot, the titles of achievements). */
import type { Insertable, Selectable } from 'kysely';
import { prepared, type Db } from '../../core/db/index.js';
import type { NotificationsTable } from '../../core/db/schema.js';

export type NotificationRow = Selectable<NotificationsTable>;

/** Inserts notifications in one statement. */
export async function insertNotifications(db: Db, rows: Insertable<NotificationsTable>[]): Promise<void> {
  if (rows.length) await db.kysely.insertInto('notifications').values(rows).execute();
}

function scoped(db: Db, userId: string, type: string, inboxType: number | undefined) {
  let q = db.kysely.selectFrom('notifications').where('user_id', '=', userId).where('type', '=', type).where('status', '=', 1);
  if (inboxType !== undefined) q = q.where('inbox_type', '=', inboxType);
  return q;
}

/** One page of a user's notifications of a type, newest first. */
export function listNotifications(db: Db, userId: string, type: string, inboxType: number | undefined, offset: number, limit: number): Promise<NotificationRow[]> {
  return scoped(db, userId, type, inboxType).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Number of a user's notifications of a type. */
export async function countNotifications(db: Db, userId: string, type: string, inboxType: number | undefined): Promise<number> {
  const r = await scoped(db, userId, type, inboxType).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Unread notifications per type: `{inbox: n, achievement: m}` (missing types are absent). */
export async function unreadCounts(db: Db, userId: string): Promise<Record<string, number>> {
  const rows = await unreadCountsQuery(db, userId);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

// The unread counts, the pending revisions and the newest badge award are read by every page of a member (the
// 3 s poll of notification/status): compiled once (core/db/prepared.ts).
const unreadCountsQuery = prepared((k, userId: string) =>
  k.selectFrom('notifications').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', '=', userId).where('is_read', '=', 0).where('status', '=', 1).groupBy('type'),
);
const pendingRevisionsQuery = prepared((k) => k.selectFrom('revisions').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1));
const newestBadgeAwardQuery = prepared((k, userId: string, badgeIds: string[]) =>
  k
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'achievement')
    .where('is_read', '=', 0)
    .where('status', '=', 1)
    .where('object_id', 'in', badgeIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1),
);

/** Marks one of the user's notifications read. @returns whether a row of that user matched */
export async function markRead(db: Db, userId: string, id: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('notifications').set({ is_read: 1, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0 || (await db.kysely.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Marks every unread notification of a type read. */
export async function markAllRead(db: Db, userId: string, type: string, now: number): Promise<void> {
  await db.kysely.updateTable('notifications').set({ is_read: 1, updated_at: now }).where('user_id', '=', userId).where('type', '=', type).where('is_read', '=', 0).execute();
}

/** Revisions waiting for review (status 1), for reviewers' red dot. */
export async function countPendingRevisions(db: Db): Promise<number> {
  const [r] = await pendingRevisionsQuery(db);
  return Number(r?.n ?? 0);
}

/** The achievement notification of a user about an object created at or after `since` (unix seconds), if any. */
export function findAchievement(db: Db, userId: string, objectId: string, since: number): Promise<NotificationRow | undefined> {
  return db.kysely
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('type', '=', 'achievement')
    .where('status', '=', 1)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Replaces a notification's content (JSON). */
export async function updateContent(db: Db, id: string, content: string): Promise<void> {
  await db.kysely.updateTable('notifications').set({ content }).where('id', '=', id).execute();
}

/** A question's title ('' when unknown): what achievement notifications show. */
export async function questionTitle(db: Db, questionId: string): Promise<string> {
  const r = await db.kysely.selectFrom('questions').select('title').where('id', '=', questionId).executeTakeFirst();
  return r?.title ?? '';
}

/** The newest unread badge-award notification of a user (object_type badge: its object is one of `badgeIds`). */
export async function newestUnreadBadgeAward(db: Db, userId: string, badgeIds: string[]): Promise<NotificationRow | undefined> {
  if (!badgeIds.length) return undefined;
  return (await newestBadgeAwardQuery(db, userId, badgeIds))[0];
}
