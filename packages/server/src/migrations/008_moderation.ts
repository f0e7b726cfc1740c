/**
 * Migration 008: moderation. `review_queue` holds the posts and sign-ups that wait for a moderator (one row per
 * object, keyed by its id; status 1 pending, 2 approved, 3 rejected: a review is decided once, by a
 * compare-and-set on the status). `activity.reason` carries the reason text of a moderator action (a close
 * reason, a flag's outcome) for the timeline. Indexes serve the flag lookups: a member's open flag on an object,
 * the open flags of an object, and the queues in oldest-first order.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `review_queue`, adds `activity.reason` and the flag indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('review_queue')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('object_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reviewer_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('review_queue_status_idx').on('review_queue').columns(['status', 'object_type', 'created_at', 'id']).execute();
  await db.schema.alterTable('activity').addColumn('reason', 'varchar(1000)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('reports_user_object_idx').on('reports').columns(['user_id', 'object_id', 'status']).execute();
  await db.schema.createIndex('reports_object_idx').on('reports').columns(['object_id', 'status']).execute();
  await db.schema.createIndex('reports_type_status_idx').on('reports').columns(['object_type', 'status', 'created_at']).execute();
}
