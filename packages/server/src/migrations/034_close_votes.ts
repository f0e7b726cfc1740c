/**
 * Migration 034: close and reopen votes (modules/close-vote; issue #35 item 2).
 * - `close_vote_rounds`: one row per question that was ever voted on: `round` counts the question's state changes
 *   since (every close or reopen, by votes or by a moderator, ends a round), `kind` what the round's votes do
 *   (close | reopen; '' until the next vote reads the question's state). A vote locks this row first, so votes on
 *   one question are decided one after another on every engine.
 * - `close_votes`: one row per member and question and round (unique), so a member votes once a round; `kind`
 *   close | reopen | leave_open (the review queue's "leave open"), the close reason (`close_type`, `close_msg`,
 *   `duplicate_id` for a duplicate), `binding` 1 for a moderator's vote, `created_at` (a vote older than the
 *   site's `vote_days` no longer counts), `retracted_at` (0 = standing; a retracted vote keeps its row so the
 *   member cannot vote again that round) and `decided_at` (set on the votes that closed or reopened the question:
 *   the closed notice lists their voters).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the two tables and their indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('close_vote_rounds')
    .addColumn('question_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('close_votes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('close_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('close_msg', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('duplicate_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('binding', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retracted_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('close_votes_voter_uq').on('close_votes').columns(['question_id', 'round', 'user_id']).unique().execute();
  await db.schema.createIndex('close_votes_live_idx').on('close_votes').columns(['kind', 'retracted_at', 'created_at']).execute();
}
