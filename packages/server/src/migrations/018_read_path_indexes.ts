/**
 * Migration 018: `answers_question_created_idx` (question_id, status, created_at, id), for statements every
 * question page makes (docs/BENCHMARKS.md "Fourth round"): a question's oldest visible answer (`first_answer_id`
 * of question/info) is the index's first entry for the question and status, read from the index alone, where
 * `answers_question_idx` (question_id, status, vote_count) needed the rows and a sort (SQLite, 20k questions:
 * 20-24 us -> 9-14 us per question); the count of a question's visible answers reads it alone too.
 * Not added, though it made related questions by shared tags 40% cheaper: an index on questions (id, status,
 * show, vote_count). With it, SQLite 3.53 planned the question list without a tag (`status in (?, ?) and show =
 * ?`, newest first) as a sort of every visible question instead of a walk of `questions_pin_newest_idx`: 0.5 ms
 * -> 73 ms per list page at 20k questions.
 * On SQLite the table's planner statistics are refreshed at once (as migration 016 does).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('answers_question_created_idx').on('answers').columns(['question_id', 'status', 'created_at', 'id']).execute();
  if (dialect === 'sqlite') await sql`analyze answers`.execute(db);
}
