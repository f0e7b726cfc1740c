/**
 * Migration 038: `questions_featured_idx` (bounty_started_at, id) over questions with an open bounty
 * (`bounty_amount > 0`; a full index on MySQL, which has no partial ones) in place of `questions_bounty_idx`
 * (bounty_started_at, migration 035). The featured list (question.repository.ts `listQuestions`: open bounties,
 * newest bounty first, then id) walked the old index and sorted each run of equal start times by id (SQLite: "USE
 * TEMP B-TREE FOR LAST TERM OF ORDER BY"; PostgreSQL: an incremental sort); with the id in the index the walk is
 * the list's order and stops after the page (question.plans.test.ts). Partial, so that it holds only the few
 * questions with a bounty: PostgreSQL otherwise judged a walk of a full index until a page of bounties more costly
 * than reading the whole table and sorting what it found. The list states `bounty_amount > 0` as a literal so that
 * SQLite and PostgreSQL see the index's condition in it. Nothing else reads the old index. A partial index is a
 * candidate only for queries that state its condition, so the other list plans stay as they were (the plan test
 * checks them all).
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-024 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Replaces the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const index = db.schema.createIndex('questions_featured_idx').on('questions').columns(['bounty_started_at', 'id']);
  await (dialect === 'mysql' ? index : index.where(sql<boolean>`${sql.ref('bounty_amount')} > 0`)).execute();
  // MySQL names the table of the index; PostgreSQL and SQLite refuse it.
  const drop = db.schema.dropIndex('questions_bounty_idx');
  await (dialect === 'mysql' ? drop.on('questions') : drop).execute();
  if (dialect === 'sqlite') await sql`analyze questions`.execute(db);
}
