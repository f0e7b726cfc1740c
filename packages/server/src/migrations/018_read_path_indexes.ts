/**
 * Migration 018: indexes for statements every question page makes (docs/BENCHMARKS.md "Fourth round").
 * - `answers_question_created_idx` (question_id, status, created_at, id): a question's oldest visible answer
 *   (`first_answer_id` of question/info) is the index's first entry for the question and status, read from the
 *   index alone, where `answers_question_idx` (question_id, status, vote_count) needed the rows and a sort (SQLite,
 *   20k questions: 20-24 us -> 9-14 us per question); the count of a question's visible answers reads it alone too.
 * - `questions_related_idx` (id, status, show, vote_count): related questions by shared tags (question/similar/tag,
 *   asked by every question page) check each candidate's status, visibility and score from the index instead of
 *   reading its row with the whole body (SQLite, 20k questions, ~160 candidates: 0.35 -> 0.20 ms per question).
 * On SQLite the tables' planner statistics are refreshed at once (as migration 016 does).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates both indexes. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('answers_question_created_idx').on('answers').columns(['question_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('questions_related_idx').on('questions').columns(['id', 'status', 'show', 'vote_count']).execute();
  if (dialect === 'sqlite') {
    await sql`analyze answers`.execute(db);
    await sql`analyze questions`.execute(db);
  }
}
