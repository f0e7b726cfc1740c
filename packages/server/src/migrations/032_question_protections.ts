/**
 * Migration 032: protection of questions (modules/lock, lock.protect.ts; issue #35 item 3).
 * `question_protections`: one row per protection ever put on a question: `auto` 1 when the site protected it
 * (deleted answers of new members), else 0 and `created_by` the member who did; when; and when and by whom it
 * was removed (`lifted_at` 0 = in force, `lifted_by`). Index (question_id, lifted_at) for the protection in force.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the table and its index. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('question_protections')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('lifted_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lifted_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('question_protections_question_idx').on('question_protections').columns(['question_id', 'lifted_at']).execute();
}
