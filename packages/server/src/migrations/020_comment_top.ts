/**
 * Migration 020: `comments_object_top_idx` (object_id, status, vote_count desc, created_at, id), the order in
 * which a post shows its first comments. Every question page asks for the first comments of the question and its
 * answers (comment/batch); without this index each post's live comments were all read, bodies included, and
 * ranked, so a popular question with hundreds of comments cost hundreds of rows on every view (329 comments:
 * comment/batch fell from ~6,000 to ~2,000 req/s on the traffic bench, docs/BENCHMARKS.md "Sixth round"). With it
 * each post's first comments are the index's first entries, and the count of its live comments reads the index
 * alone.
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016, 018 and 019 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('comments_object_top_idx').on('comments').columns(['object_id', 'status', 'vote_count desc', 'created_at', 'id']).execute();
  if (dialect === 'sqlite') await sql`analyze comments`.execute(db);
}
