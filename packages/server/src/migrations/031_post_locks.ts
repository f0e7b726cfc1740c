/**
 * Migration 031: locks of posts (modules/lock; issue #35 item 4). `post_locks`: one row per lock ever put on a
 * question or an answer: `object_id` the post, `question_id` its question (the post itself for a question),
 * `kind` dispute | historical, `duration` as chosen (1h, 1d, 7d, forever), `reason` (may be empty), who locked
 * (`created_by`) and when, `ends_at` (0 = no end; past = over, nothing needs to run), and when and by whom it was
 * ended early (`lifted_at` 0 = not lifted, `lifted_by`). Indexes: (object_id, lifted_at) for the lock in force on
 * a post, (question_id, lifted_at) for the locks of a thread and the question lists' historical filter.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the table and its indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('post_locks')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('object_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('duration', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lifted_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lifted_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('post_locks_object_idx').on('post_locks').columns(['object_id', 'lifted_at']).execute();
  await db.schema.createIndex('post_locks_question_idx').on('post_locks').columns(['question_id', 'lifted_at']).execute();
}
