/**
 * Migration 027: penalties of members (modules/penalty): silence (read-only: may read, may not post, vote, comment,
 * edit or flag) beside suspension (no login), each with an end, a reason the member is shown, and a history.
 * - `users.silenced_until`: the silence in force, read with the session's user on every request (no extra query
 *   on a write): null = not silenced, 0 = forever, else unix seconds when it ends (past = over, no job needed).
 *   A suspension stays `users.status` 9 + `suspended_until` (migration 001, Answer's columns).
 * - `user_penalties`: one row per silence or suspension ever imposed: `kind` silence | suspend, `duration` as
 *   chosen (1d, 7d, 1m, forever, date, or Answer's suspend_duration values), `ends_at` (0 = forever), `reason`
 *   (shown to the member and mailed), who imposed it (`created_by`), and when and by whom it was lifted early
 *   (`lifted_at` 0 = not lifted, `lifted_by`). Index (user_id, created_at) for a member's history.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the column and the table. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('silenced_until', 'bigint').execute();
  await db.schema
    .createTable('user_penalties')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('duration', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lifted_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lifted_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('user_penalties_user_idx').on('user_penalties').columns(['user_id', 'created_at']).execute();
}
