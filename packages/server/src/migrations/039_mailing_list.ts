/**
 * Migration 039: mailing-list mode (issue #37 item 4; modules/digest mailing-list.ts).
 * - `user_notification_config.mailing_list`: 0/1, whether the member gets every new post (question, answer,
 *   comment) of the tags they follow by e-mail, each with its signed reply address. Off for everyone.
 * - index `comments_created_idx` (created_at, id): the scheduler's pass looks for comments of the last two days
 *   that have not been fanned out yet (answers have `answers_status_newest_idx` of migration 006).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the option column and the index of new comments. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('user_notification_config')
    .addColumn('mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('comments_created_idx').on('comments').columns(['created_at', 'id']).execute();
}
