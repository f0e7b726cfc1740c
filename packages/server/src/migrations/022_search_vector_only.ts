/**
 * Migration 022 (PostgreSQL only; nothing on SQLite and MySQL/MariaDB): a `search_docs` row keeps its text vector
 * and not the text it was made from.
 *
 * Until now `tsv` was a stored column generated from `title` and `content`, so every row held its text twice:
 * as text (a third of the row) and as the vector the search reads. Nothing on PostgreSQL reads the text (the
 * match, the rank and similar titles all read `tsv`), but every search for a word in a few percent of the posts
 * reads one heap page per match, and the wider the rows the less of the table fits in shared buffers. At 100,000
 * posts of bench/search.ts the table and its indexes drop from 225 MB to 166 MB (docs/BENCHMARKS.md "Search").
 *
 * From now on a trigger vectorizes `title` (weight A) and `content` (weight B) as the generated column did and
 * stores both as empty strings, for every writer (the indexer, imports). Rows are replaced, never updated
 * (modules/search `replaceDocs`); an update of `title` or `content` is refused, since there is no text left to
 * combine it with. Existing rows keep their vectors and lose their text in one rewrite of the table (ALTER COLUMN
 * ... USING, which also rebuilds its indexes in bulk; 4.5 s at 100,000 posts on the bench machine; the table is
 * locked meanwhile, as upgrades run with the servers stopped). Backups no longer carry `search_docs`
 * (modules/backup): a restore rebuilds it from the posts, on any engine.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Turns `tsv` into a trigger-kept column and adds the trigger (PostgreSQL). */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table search_docs alter column tsv drop expression`.execute(db);
  // One rewrite of every row, vectors kept (no trigger fires on it).
  await sql`alter table search_docs alter column title type text using '', alter column content type text using ''`.execute(db);
  // The same vector as the generated column of migration 002.
  await sql`create or replace function search_docs_vectorize() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        raise exception 'search_docs rows are replaced, not updated: delete the row and insert it again';
      end if;
      new.tsv := setweight(to_tsvector('simple'::regconfig, new.title), 'A') || setweight(to_tsvector('simple'::regconfig, new.content), 'B');
      new.title := '';
      new.content := '';
      return new;
    end $$`.execute(db);
  await sql`create trigger search_docs_vectorize before insert or update of title, content on search_docs
    for each row execute function search_docs_vectorize()`.execute(db);
  await sql`analyze search_docs`.execute(db);
}
