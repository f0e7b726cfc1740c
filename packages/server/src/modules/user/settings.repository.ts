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
export async function usersWithOption(db: Db, option: 'inbox' | 'all_new_question' | 'all_new_question_for_following_tags'): Promise<string[]> {
  const rows = await db.kysely.selectFrom('user_notification_config').select('user_id').where(option, '=', 1).execute();
  return rows.map((r) => r.user_id);
}

/** Inserts or replaces a user's options. */
export async function saveNotificationConfig(db: Db, row: NotificationConfigRow): Promise<void> {
  await transaction(db, async (tx) => {
    const { user_id, ...rest } = row;
    const r = await tx.kysely.updateTable('user_notification_config').set(rest).where('user_id', '=', user_id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await tx.kysely.insertInto('user_notification_config').values(row).execute();
  });
}
