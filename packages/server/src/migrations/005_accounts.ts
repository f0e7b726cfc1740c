/**
 * Migration 005: account tables. One-time codes sent by e-mail (activation, password reset, e-mail change,
 * unsubscribe; only their SHA-256 is stored), captcha answers (server-side, single use), and each user's
 * e-mail notification options.
 */
import type { Kysely } from 'kysely';
import { longText, type DialectName } from '../core/db/dialect.js';

/** Creates `user_codes`, `captchas` and `user_notification_config`. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const text = longText(dialect);
  const now = (c: any) => c.notNull().defaultTo(0);

  await db.schema
    .createTable('user_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('expires_at', 'bigint', now)
    .addColumn('used_at', 'bigint', now)
    .addColumn('created_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('user_codes_user_idx').on('user_codes').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('user_codes_expiry_idx').on('user_codes').column('expires_at').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', now)
    .addColumn('created_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('captchas_expiry_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('user_notification_config')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('inbox', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('all_new_question', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('all_new_question_for_following_tags', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', now)
    .execute();
}
