/**
 * Migration 036: the staging ground for new askers (modules/staging; issue #35 item 6).
 * - `staging_questions`: one row per question that went through the staging ground (its id is the question's):
 *   the asker (`user_id`), its `state` (waiting, changes, published, queued, removed; contract schemas/staging.ts),
 *   when it was asked (`asked_at`, the question's own time, kept when it is published), when it was last changed
 *   (`updated_at`: a review, an edit), when it was published (`published_at`, 0 before), who decided
 *   (`decided_by`) and when (`decided_at`). Unix seconds. Indexes: (state, updated_at) for the reviewers' queue and
 *   the dashboard figures, (user_id, state) for a member's staged questions.
 * - `staging_feedback`: the comments, requests for changes, the asker's edits and the decisions on a staged
 *   question, in order; index (question_id, created_at).
 * The staged question itself is an ordinary question row with status pending (11), which every list, search,
 * feed and sitemap already leaves out.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the two tables and their indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('staging_questions')
    .addColumn('question_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('staging_questions_state_idx').on('staging_questions').columns(['state', 'updated_at']).execute();
  await db.schema.createIndex('staging_questions_user_idx').on('staging_questions').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('staging_feedback')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staging_feedback_question_idx').on('staging_feedback').columns(['question_id', 'created_at']).execute();
}
