/**
 * Migration 017 (PostgreSQL only; nothing on SQLite and MySQL/MariaDB): `search_docs.listed`, whether the post of
 * a search row is one a search may show, kept by triggers so that a text search reads `search_docs` alone.
 *
 * The rule is the search's own (modules/search, `searchDocs`): the row's question (`question_id`) is normal or
 * closed (status 1 or 2) and listed (`show` 1), and the row is that question's or belongs to a normal answer
 * (status 1). Before this column every search joined each matching row to `questions` and `answers` before
 * cutting the window of the newest 1,000 matches, and the planner walked `search_docs_created_idx` testing
 * every row; with the flag on the row the window is one table's top-N, and for words in 2-10% of the posts the
 * planner takes the newest matches from the GIN bitmap instead (docs/BENCHMARKS.md "Search").
 *
 * Kept in step by triggers, so every writer (the indexer, imports, restores, moderation, raw updates) is covered:
 * - `search_docs` before insert, and before an update of the columns the rule reads: the row's own value;
 * - `questions` after insert and delete, and after an update that changes `status` or `show`: the rows of that
 *   question (the question and its answers);
 * - `answers` after insert and delete, and after an update that changes `status`: the answer's row.
 * Existing rows are marked at the end (only those that are not listed are written).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds `search_docs.listed` with its triggers and marks the existing rows (PostgreSQL). */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table search_docs add column listed boolean not null default true`.execute(db);
  // The one statement of the rule; a SQL function so that the triggers and the backfill share it.
  await sql`create or replace function search_docs_listed(doc_type integer, doc_id varchar, doc_question varchar) returns boolean
    language sql stable as $$
      select exists (select 1 from questions q where q.id = doc_question and q.status in (1, 2) and q.show = 1)
        and (doc_type = 1 or exists (select 1 from answers a where a.id = doc_id and a.status = 1))
    $$`.execute(db);
  await sql`create or replace function search_docs_set_listed() returns trigger language plpgsql as $$
    begin
      new.listed := search_docs_listed(new.object_type, new.object_id, new.question_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger search_docs_listed_row before insert or update of object_type, object_id, question_id on search_docs
    for each row execute function search_docs_set_listed()`.execute(db);
  // Rows whose value changes only: the others are not rewritten.
  await sql`create or replace function search_docs_question_listed() returns trigger language plpgsql as $$
    declare qid varchar := case when tg_op = 'DELETE' then old.id else new.id end;
    begin
      update search_docs d set listed = not d.listed
        where d.question_id = qid and d.listed <> search_docs_listed(d.object_type, d.object_id, d.question_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger questions_search_listed after insert or delete on questions
    for each row execute function search_docs_question_listed()`.execute(db);
  await sql`create trigger questions_search_listed_update after update of status, show on questions
    for each row when (old.status is distinct from new.status or old.show is distinct from new.show)
    execute function search_docs_question_listed()`.execute(db);
  await sql`create or replace function search_docs_answer_listed() returns trigger language plpgsql as $$
    declare aid varchar := case when tg_op = 'DELETE' then old.id else new.id end;
    begin
      update search_docs d set listed = not d.listed
        where d.object_id = aid and d.listed <> search_docs_listed(d.object_type, d.object_id, d.question_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger answers_search_listed after insert or delete on answers
    for each row execute function search_docs_answer_listed()`.execute(db);
  await sql`create trigger answers_search_listed_update after update of status on answers
    for each row when (old.status is distinct from new.status)
    execute function search_docs_answer_listed()`.execute(db);
  await sql`update search_docs d set listed = false where not search_docs_listed(d.object_type, d.object_id, d.question_id)`.execute(db);
  // Statistics for the new column: without them the planner guesses half the rows are listed and misjudges how
  // far the date-order walk goes.
  await sql`analyze search_docs`.execute(db);
}
