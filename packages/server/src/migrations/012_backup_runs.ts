/**
 * Migration 012: `backup_runs`, one row per day a scheduled backup was started, keyed by the UTC day
 * (`YYYY-MM-DD`). Inserting the day's row is how one node of several claims the daily backup; the row then
 * records the file written, or the error, and when it finished.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the table. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .execute();
}
