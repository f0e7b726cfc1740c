/**
 * Migration 009: notification e-mails and digests.
 * - `outbox.dedup_key`: one key per event and recipient (e.g. `answer_the_question:<answer>:<user>`), unique, so
 *   the same e-mail can never be queued twice (a retried request, two nodes running one digest). Rows queued
 *   without a key (activation, password reset ...) leave it NULL, which every engine lets repeat.
 * - `user_notification_config.tag_frequency`: how a member hears of new questions in tags they follow
 *   (`instant`, `daily` or `weekly`).
 * - `mail_jobs`: durable scheduled work, one row per kind, member and period (the weekly digest of one member
 *   for one week, a daily tag digest, the fan-out of one new question), unique, claimed with a lease, so it runs
 *   once per period however many nodes run the scheduler and however often they restart.
 * - the `config` row `mail.unsubscribe_secret`: the key of the signed one-click unsubscribe links.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the outbox key and the tag frequency, creates `mail_jobs`, stores the unsubscribe key. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('dedup_key', 'varchar(191)').execute();
  await db.schema.createIndex('outbox_dedup_key_idx').on('outbox').column('dedup_key').unique().execute();

  await db.schema
    .alterTable('user_notification_config')
    .addColumn('tag_frequency', 'varchar(16)', (c) => c.notNull().defaultTo('instant'))
    .execute();

  await db.schema
    .createTable('mail_jobs')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('job_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('mail_jobs_pk', ['kind', 'user_id', 'job_key'])
    .execute();
  await db.schema.createIndex('mail_jobs_due_idx').on('mail_jobs').columns(['status', 'lease_until']).execute();

  await db.insertInto('config').values({ name: 'mail.unsubscribe_secret', value: randomBytes(32).toString('base64url') }).execute();
}
