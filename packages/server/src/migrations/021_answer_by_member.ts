/**
 * Migration 021: `answers_question_user_idx` (question_id, user_id, status): whether a member has answered a
 * question, which GET /question/info asks for every logged-in reader (Answer's `answered`) and answering checks
 * before it accepts a second answer. Without it the question's answers were read one by one to compare their
 * author (SQLite, 20k questions, under load: 15.8 us of the call's ~47 us of statements, docs/BENCHMARKS.md
 * "Seventh round"); with it the lookup reads the index alone.
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-020 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('answers_question_user_idx').on('answers').columns(['question_id', 'user_id', 'status']).execute();
  if (dialect === 'sqlite') await sql`analyze answers`.execute(db);
}
