/**
 * Migration 023: `questions_related_idx` (id, status, vote_count) over listed questions (`show = 1`), on SQLite and
 * PostgreSQL. Related questions by shared tags (every question page's question/similar/tag) look up each candidate
 * question for its status and score; from this index the lookups read a small index instead of the question rows
 * with their bodies, which on a large site are mostly outside the database's page cache (SQLite, 100k questions,
 * ~800 candidates per question, 2,000 questions spread over the site: 1.32 -> 0.44 ms per query, same results;
 * docs/BENCHMARKS.md "Tenth round"). The query names `show = 1` as a literal so that the planner can use it.
 * Partial on purpose: the same columns as a full index turned SQLite's (3.53) plans for the question lists from a
 * walk of `questions_pin_newest_idx` into every listed row sorted (a list page from under 5 ms to 150-350 ms at 100k
 * questions), and a partial index is not a candidate for those queries, whose `show` is a bound parameter. MySQL
 * has no partial indexes and reads rows by primary key from the clustered index: nothing is added there.
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-021 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index (SQLite, PostgreSQL). */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'mysql') return;
  await db.schema.createIndex('questions_related_idx').on('questions').columns(['id', 'status', 'vote_count']).where(sql<boolean>`${sql.ref('show')} = 1`).execute();
  if (dialect === 'sqlite') await sql`analyze questions`.execute(db);
}
