/**
 * Migration 016: indexes for the public question list (modules/question, docs/BENCHMARKS.md "Real traffic").
 * - `questions_listed_idx` (status, show): the list's count of visible questions reads this index only instead of
 *   every row of `questions` (SQLite, 20k questions: 25 ms -> 4 ms).
 * - `questions_hot_idx` (answer_count, vote_count, view_count, id): the `hot` order walks it instead of sorting
 *   every visible question (20k questions: 24 ms -> 0.4 ms for a page); its first column also serves the
 *   `unanswered` list (`answer_count = 0`), which walked every question otherwise (37 ms -> 0.03 ms).
 * On SQLite the table's planner statistics are refreshed at once: without rows for the new indexes in
 * `sqlite_stat1` the planner keeps the older plans until statistics are next gathered (core/db/dialect.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates both indexes. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('questions_listed_idx').on('questions').columns(['status', 'show']).execute();
  await db.schema.createIndex('questions_hot_idx').on('questions').columns(['answer_count', 'vote_count', 'view_count', 'id']).execute();
  if (dialect === 'sqlite') await sql`analyze questions`.execute(db);
}
