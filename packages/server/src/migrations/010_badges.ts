/**
 * Migration 010: badges. `badge_awards` holds who earned which badge: one row per user, badge and award key (the
 * post that earned a per-post badge, '' for a badge earned once), unique, so awarding twice (a retried event, a
 * re-run import) adds nothing. `user_visit_days` holds the UTC days a member was active, for the
 * consecutive-days badges. Badge definitions are data in modules/badge; an administrator's on/off choice is a
 * `config` row `badge.status.<id>`.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `badge_awards` and `user_visit_days` with their indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('badge_awards')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('badge_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('award_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('badge_awards_unique_idx').on('badge_awards').columns(['user_id', 'badge_id', 'award_key']).unique().execute();
  // Who earned a badge, newest first; a user's badges, newest first.
  await db.schema.createIndex('badge_awards_badge_time_idx').on('badge_awards').columns(['badge_id', 'created_at']).execute();
  await db.schema.createIndex('badge_awards_user_time_idx').on('badge_awards').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('user_visit_days')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_visit_days_pk', ['user_id', 'day'])
    .execute();
}
