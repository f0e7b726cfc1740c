/**
 * Migration 002: the full-text search index. One row per question and answer in `search_docs`, holding text
 * pre-tokenized by modules/search/tokenizer.ts (so Chinese and short words work the same on every engine),
 * indexed by each engine's own full-text machinery:
 * - SQLite: an FTS5 external-content table `search_fts` (columns title, content) kept in sync by triggers;
 * - PostgreSQL: a generated tsvector column (title weight A, content weight B, 'simple' configuration) with
 *   a GIN index;
 * - MySQL/MariaDB: InnoDB FULLTEXT indexes on (title, content) for matching and on (title) for ranking.
 * Existing questions and answers are indexed at the end.
 */
import { sql, type Kysely } from 'kysely';
import { longText, type DialectName } from '../core/db/dialect.js';
import { reindexAll } from '../modules/search/search.indexer.js';

/** Creates the search tables and indexes, then indexes every existing post. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const id = 'varchar(32)';
  const text = longText(dialect);
  let table = db.schema.createTable('search_docs');
  if (dialect === 'sqlite') table = table.addColumn('doc_id', 'integer', (c) => c.primaryKey()).addColumn('object_id', id, (c) => c.notNull().unique());
  else table = table.addColumn('object_id', id, (c) => c.primaryKey());
  await table
    .addColumn('object_type', 'integer', (c) => c.notNull())
    .addColumn('question_id', id, (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('content', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_docs_question_idx').on('search_docs').column('question_id').execute();
  await db.schema.createIndex('search_docs_user_idx').on('search_docs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('search_docs_created_idx').on('search_docs').columns(['created_at', 'object_id']).execute();

  if (dialect === 'sqlite') {
    await sql`create virtual table search_fts using fts5(title, content, content='search_docs', content_rowid='doc_id', tokenize='unicode61 remove_diacritics 0')`.execute(db);
    await sql`create trigger search_docs_ai after insert on search_docs begin
      insert into search_fts(rowid, title, content) values (new.doc_id, new.title, new.content);
    end`.execute(db);
    await sql`create trigger search_docs_ad after delete on search_docs begin
      insert into search_fts(search_fts, rowid, title, content) values ('delete', old.doc_id, old.title, old.content);
    end`.execute(db);
    await sql`create trigger search_docs_au after update on search_docs begin
      insert into search_fts(search_fts, rowid, title, content) values ('delete', old.doc_id, old.title, old.content);
      insert into search_fts(rowid, title, content) values (new.doc_id, new.title, new.content);
    end`.execute(db);
  } else if (dialect === 'postgres') {
    await sql`alter table search_docs add column tsv tsvector generated always as
      (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')) stored`.execute(db);
    await sql`create index search_docs_tsv_idx on search_docs using gin (tsv)`.execute(db);
  } else {
    await sql`create fulltext index search_docs_ft on search_docs (title, content)`.execute(db);
    await sql`create fulltext index search_docs_title_ft on search_docs (title)`.execute(db);
  }

  await reindexAll({ kysely: db, dialect, close: async () => undefined });
}
