/**
 * Migration 035: bounties (modules/bounty; issue #35 item 1).
 * - `bounties`: one row per bounty ever offered: who (`user_id`), on which question, how much, why; when it was
 *   offered, when it ends (`ends_at`) and when its grace period ends (`grace_ends_at`, unix seconds); its `status`
 *   (open, awarded by the offerer, auto_awarded: half to the best new answer, expired: nobody); what was awarded
 *   (`awarded_answer_id`, `awarded_user_id`, `awarded_amount`, `awarded_at`); `reminded_at` when the offerer was
 *   told it ends within a day. `open_question_id` is the question while the bounty is open and null afterwards:
 *   its unique index allows one open bounty per question on every engine (several nulls are allowed).
 *   Indexes: (status, grace_ends_at) for the periodic pass, (user_id, status) for a member's open bounties,
 *   (question_id, created_at) for a question's history.
 * - `questions.bounty_amount`, `bounty_started_at`, `bounty_ends_at`: the open bounty as the lists show it (0 when
 *   none), so that lists, search results and the question's info need no other query; index on
 *   `bounty_started_at` for the Featured tab.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the table, its indexes and the question columns. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('bounties')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('open_question_id', 'varchar(32)')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('grace_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('reminded_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('awarded_answer_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('awarded_user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('awarded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('awarded_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('bounties_open_question_uq').on('bounties').column('open_question_id').unique().execute();
  await db.schema.createIndex('bounties_status_grace_idx').on('bounties').columns(['status', 'grace_ends_at']).execute();
  await db.schema.createIndex('bounties_user_status_idx').on('bounties').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('bounties_question_idx').on('bounties').columns(['question_id', 'created_at']).execute();
  for (const col of ['bounty_amount', 'bounty_started_at', 'bounty_ends_at']) {
    await db.schema.alterTable('questions').addColumn(col, col === 'bounty_amount' ? 'integer' : 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.createIndex('questions_bounty_idx').on('questions').column('bounty_started_at').execute();
}
