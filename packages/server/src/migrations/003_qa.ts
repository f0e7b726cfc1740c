/**
 * Migration 003: the post life cycle, votes and reputation.
 * - activity.rank_key: which reputation rule a row applied ('answer.voted_up', 'answer.accepted' ...), so the
 *   daily cap can leave out excluded rules and an undo finds exactly the rows it reverses;
 * - indexes for votes by object, activity by object, and the pinned-first list orders.
 * Adds columns and indexes only.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('activity').addColumn('rank_key', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('activity_target_idx').on('activity').columns(['object_id', 'activity_type', 'cancelled']).execute();
  await db.schema.createIndex('votes_object_idx').on('votes').columns(['object_id', 'vote_type']).execute();
  await db.schema.createIndex('questions_pin_newest_idx').on('questions').columns(['pin', 'created_at', 'id']).execute();
  await db.schema.createIndex('questions_pin_active_idx').on('questions').columns(['pin', 'post_updated_at', 'id']).execute();
  await db.schema.createIndex('revisions_status_object_idx').on('revisions').columns(['status', 'object_type', 'created_at']).execute();
}
