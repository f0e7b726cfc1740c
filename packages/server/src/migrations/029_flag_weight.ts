/**
 * Migration 029: weighted flags (modules/report, report.weight.ts and report.hide.ts).
 * - `reports.weight`: the flag's weight when it was filed, in thousandths (1000 = 1.0, a new member's flag), from
 *   the flagger's record of helpful flags and their reputation. Flags filed before this migration weigh 1.0.
 *   Kept as a whole number so that sums and orders are exact on every engine.
 * - `reports.hid_status`: 0, or the status the post had (1 normal, 2 closed; comments 1) when this flag's weight
 *   brought the post's flag score to the hide threshold and the post was hidden pending review; a moderator who
 *   ignores the flags puts that status back.
 * Index (user_id, status, updated_at): a flagger's last decided flags, newest first, read at every flag.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the columns and the index. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('reports').addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1000)).execute();
  await db.schema.alterTable('reports').addColumn('hid_status', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('reports_user_decided_idx').on('reports').columns(['user_id', 'status', 'updated_at']).execute();
}
