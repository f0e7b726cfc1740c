/**
 * Migration 023: `questions_related_idx` (id, status, show, vote_count). Related questions by shared tags (every
 * question page's question/similar/tag) look up each candidate question for its visibility and score; with those
 * columns in an index the lookups read the small index instead of the question rows with their bodies, which on a
 * large site are mostly outside the database's page cache (SQLite, 100k questions, ~800 candidates per question,
 * 2,000 questions spread over the site: 1.61-1.80 ms -> 0.66 ms per query, same results; docs/BENCHMARKS.md
 * "Tenth round"). A vote rewrites one entry of it.
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-021 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('questions_related_idx').on('questions').columns(['id', 'status', 'show', 'vote_count']).execute();
  if (dialect === 'sqlite') await sql`analyze questions`.execute(db);
}
