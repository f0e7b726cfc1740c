/**
 * Migration 025: `counters`, the windows of rate limits and failed-login counters when several nodes share the
 * database without Redis (QUORUM_NODES > 1; core/counters.ts `DatabaseCounters`). One row per key: `name` (the
 * key, hashed when long, so it fits MySQL's index length), `hits` in the current window and `reset_at`, when the
 * window ends (ms since the epoch). Rows whose window ended are deleted in passes (index on `reset_at`).
 * Nothing else reads the table; its rows only live as long as their windows.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the table and its index. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('name', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('counters_reset_at_idx').on('counters').column('reset_at').execute();
}
