/**
 * Migration 024: `questions_unanswered_idx` (answer_count, pin, created_at, id), the order of the "unanswered" list
 * (question.repository.ts `listQuestions`: answer_count = 0, pinned first, newest first) behind its filter. Without
 * it the list walked every question newest first until it had a page of unanswered ones, so a page cost grew with
 * the questions answered before it: on a site where few questions wait for an answer (a well-kept community, an
 * imported one) a page read up to every question (SQLite, 100k questions, none unanswered: 78-157 ms a page; with
 * the index 0.7-1.2 ms; docs/BENCHMARKS.md "Eleventh round"). The list's filter and order are this index's equality
 * column and the columns after it, so the planner takes it whatever the statistics say.
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-023 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('questions_unanswered_idx').on('questions').columns(['answer_count', 'pin', 'created_at', 'id']).execute();
  if (dialect === 'sqlite') await sql`analyze questions`.execute(db);
}
