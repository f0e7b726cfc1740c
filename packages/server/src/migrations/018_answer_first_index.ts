/**
 * Migration 018: `answers_question_created_idx` (question_id, status, created_at, id), for the statements every
 * question page and question/info call make about a question's answers (modules/question, modules/answer):
 * - the oldest visible answer (`first_answer_id`) is the index's first entry for the question and status, read
 *   from the index alone, where `answers_question_idx` (question_id, status, vote_count) needed the rows and a
 *   sort (SQLite, 20k questions: 20-24 us -> 9-14 us per question);
 * - the count of a question's visible answers reads it alone too, and the answer list ordered by creation walks it.
 * On SQLite the table's planner statistics are refreshed at once (as migration 016 does for questions).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('answers_question_created_idx').on('answers').columns(['question_id', 'status', 'created_at', 'id']).execute();
  if (dialect === 'sqlite') await sql`analyze answers`.execute(db);
}
