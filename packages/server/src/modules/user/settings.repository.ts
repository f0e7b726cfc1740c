/** The only place that queries `user_notification_config`. */
import type { Selectable } from 'kysely';
import { transaction, type Db } from '../../core/db/index.js';
import type { UserNotificationConfigTable } from '../../core/db/schema.js';

export type NotificationConfigRow = Selectable<UserNotificationConfigTable>;

/** A user's stored options, or undefined (defaults apply). */
export function findNotificationConfig(db: Db, userId: string): Promise<NotificationConfigRow | undefined> {
  return db.kysely.selectFrom('user_notification_config').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Users with an option switched on (for digest and new-question e-mails). */
export async function usersWithOption(db: Db, option: 'inbox' | 'all_new_question' | 'all_new_question_for_following_tags' | 'mailing_list'): Promise<string[]> {
  const rows = await db.kysely.selectFrom('user_notification_config').select('user_id').where(option, '=', 1).execute();
  return rows.map((r) => r.user_id);
}

/** The stored options of several users (users without a row are absent: defaults apply). */
export function findNotificationConfigs(db: Db, userIds: string[]): Promise<NotificationConfigRow[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db.kysely.selectFrom('user_notification_config').selectAll().where('user_id', 'in', userIds).execute();
}

/** Switches options of a user off (inserting the row with defaults when there is none). */
export async function switchOff(db: Db, userId: string, options: Array<'inbox' | 'all_new_question' | 'all_new_question_for_following_tags' | 'mailing_list'>, defaults: Omit<NotificationConfigRow, 'user_id' | 'updated_at'>, now: number): Promise<void> {
  const off = Object.fromEntries(options.map((o) => [o, 0]));
  await transaction(db, async (tx) => {
    const r = await tx.kysely.updateTable('user_notification_config').set({ ...off, updated_at: now }).where('user_id', '=', userId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await tx.kysely.insertInto('user_notification_config').values({ ...defaults, ...off, user_id: userId, updated_at: now }).execute();
  });
}

/** The key of signed unsubscribe links (`config` row written by migration 009), or undefined. */
export async function unsubscribeSecret(db: Db): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('config').select('value').where('name', '=', 'mail.unsubscribe_secret').executeTakeFirst();
  return row?.value || undefined;
}

/** Inserts or replaces a user's options. */
export async function saveNotificationConfig(db: Db, row: NotificationConfigRow): Promise<void> {
  await transaction(db, async (tx) => {
    const { user_id, ...rest } = row;
    const r = await tx.kysely.updateTable('user_notification_config').set(rest).where('user_id', '=', user_id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await tx.kysely.insertInto('user_notification_config').values(row).execute();
  });
}
