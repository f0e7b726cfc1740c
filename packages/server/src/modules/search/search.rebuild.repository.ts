/**
 * What rebuilding and repairing the search index reads and writes (search.indexer.ts `reindexAll`,
 * `indexPosts`): the posts' index sources in batches, and on MySQL/MariaDB the FULLTEXT indexes dropped for a
 * whole-table load and built after it. The search queries themselves are in search.repository.ts.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { AnswersTable, QuestionsTable } from '../../core/db/schema.js';

/** The FULLTEXT indexes of `search_docs` on MySQL/MariaDB (migration 002): name and columns. */
const MYSQL_FULLTEXT: ReadonlyArray<readonly [string, string]> = [
  ['search_docs_ft', 'title, content'],
  ['search_docs_title_ft', 'title'],
];

async function mysqlFulltextPresent(db: Db): Promise<Set<string>> {
  const r = await sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
    where table_schema = database() and table_name = 'search_docs' and index_type = 'FULLTEXT'`.execute(db.kysely);
  return new Set(r.rows.map((x) => x.name));
}

/**
 * Empties the index before a rebuild (`reindexAll`). On MySQL/MariaDB the table is truncated and its FULLTEXT
 * indexes dropped, so that `endBulkRebuild` builds them in one pass over the loaded rows. Loading through a
 * live FULLTEXT index goes through InnoDB's full-text cache and its background sync, and boolean-mode matches
 * right after reloading the whole table that way were seen to miss rows under load: with a mass DELETE 302 of
 * 446 matches in one CI run, with TRUNCATE every answer (the second half of the load) in another. An index
 * built by CREATE FULLTEXT INDEX has no cache to sync; it is also the bulk-load path InnoDB documents as the
 * fastest. TRUNCATE and DDL commit implicitly there: call it outside a transaction, with no writers (restore
 * holds the site, migrations run before serving). Idempotent: a rebuild interrupted after this step starts
 * again from it, and the indexes come back with the next `endBulkRebuild`.
 */
export async function beginBulkRebuild(db: Db): Promise<void> {
  if (db.dialect !== 'mysql') {
    await db.kysely.withTables<{ search_docs: { object_id: string } }>().deleteFrom('search_docs').execute();
    return;
  }
  await sql`truncate table search_docs`.execute(db.kysely);
  const present = await mysqlFulltextPresent(db);
  for (const [name] of MYSQL_FULLTEXT) if (present.has(name)) await sql`drop index ${sql.id(name)} on search_docs`.execute(db.kysely);
}

/**
 * Ends a rebuild begun with `beginBulkRebuild`. MySQL/MariaDB: creates the FULLTEXT indexes that are missing
 * (one at a time, as InnoDB requires) and refreshes the table's statistics at once (ANALYZE TABLE): InnoDB
 * otherwise refreshes them in the background some time later, and until then a boolean-mode MATCH over a table
 * with several full-text indexes (our relevance order asks two) can find fewer rows than it should (MariaDB
 * MDEV-14231: results depend on the table's row count statistic). Nothing to do on the other engines.
 */
export async function endBulkRebuild(db: Db): Promise<void> {
  if (db.dialect !== 'mysql') return;
  const present = await mysqlFulltextPresent(db);
  for (const [name, columns] of MYSQL_FULLTEXT) {
    if (!present.has(name)) await sql`create fulltext index ${sql.id(name)} on search_docs (${sql.raw(columns)})`.execute(db.kysely);
  }
  await sql`analyze table search_docs`.execute(db.kysely);
}

export type PostSource = Pick<Selectable<QuestionsTable>, 'id' | 'user_id' | 'title' | 'parsed_text' | 'created_at'>;
export type AnswerSource = Pick<Selectable<AnswersTable>, 'id' | 'question_id' | 'user_id' | 'parsed_text' | 'created_at'>;

/** Questions to index, by id. */
export function questionSources(db: Db, ids: string[]): Promise<PostSource[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely.selectFrom('questions').select(['id', 'user_id', 'title', 'parsed_text', 'created_at']).where('id', 'in', ids).execute();
}

/** Answers to index, by id. */
export function answerSources(db: Db, ids: string[]): Promise<AnswerSource[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely.selectFrom('answers').select(['id', 'question_id', 'user_id', 'parsed_text', 'created_at']).where('id', 'in', ids).execute();
}

/** Next batch of questions after `afterId` in id order (keyset paging over the whole table). */
export function questionBatch(db: Db, afterId: string, limit: number): Promise<PostSource[]> {
  return db.kysely.selectFrom('questions').select(['id', 'user_id', 'title', 'parsed_text', 'created_at']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Next batch of answers after `afterId` in id order. */
export function answerBatch(db: Db, afterId: string, limit: number): Promise<AnswerSource[]> {
  return db.kysely.selectFrom('answers').select(['id', 'question_id', 'user_id', 'parsed_text', 'created_at']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}
