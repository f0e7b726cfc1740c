/**
 * Migration 042: the question list's order keys on `tag_rel`, with one index per list order, so that a tag's list
 * page walks that tag's entries in the list's order and stops after the page (question.repository.ts
 * `listStatement`). Before, a tag filter was `questions.id in (select object_id from tag_rel ...)`: every page read
 * every question of the tag and sorted them (SQLite, scale bench, the most used tag holding 27% of the questions:
 * its list page cost 10x and its tag page 7.5x at 100k what they cost at 10k; docs/BENCHMARKS.md "Scale").
 *
 * Columns (copies of the link's question; `q_listed` is 1 when the question is normal or closed, status 1 or 2,
 * and shown, show 1, as the lists' own rule): q_listed, q_pin, q_created_at, q_post_updated_at, q_vote_count,
 * q_view_count, q_answer_count. Indexes, each (tag_id, status, q_listed, <the order's keys>, object_id):
 * newest (q_pin, q_created_at), active (q_pin, q_post_updated_at), score (q_vote_count), frequent (q_view_count),
 * hot (q_answer_count, q_vote_count, q_view_count) and unanswered (q_answer_count = 0, then q_pin, q_created_at).
 * The featured list of a tag keeps reading the small index of open bounties (migration 038).
 *
 * Kept in step by triggers, here and nowhere else, so that every writer is covered (asking, editing tags,
 * answers, votes, views, activity, closing, deleting and undeleting, showing and hiding, tag merges, imports,
 * restores, raw updates), as migration 017 keeps `search_docs.listed`:
 * - `tag_rel` on insert: the new link takes its question's keys (when the question is there yet);
 * - `questions` after insert, and after an update that changes one of the keys: the question's links.
 * A link's `tag_id` and `status` may change freely (they are the link's own). Existing links are filled at the end.
 * On MySQL/MariaDB creating triggers needs the TRIGGER privilege (and, with binary logging on, SUPER or
 * `log_bin_trust_function_creators`). On SQLite the table's planner statistics are refreshed at once.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Key column of tag_rel -> the question's expression it copies (`q` stands for the question row). */
function keys(q: string): Array<[string, RawBuilder<unknown>]> {
  const c = (name: string) => sql.raw(`${q}.${name}`);
  return [
    ['q_listed', sql`case when ${c('status')} in (1, 2) and ${c('show')} = 1 then 1 else 0 end`],
    ['q_pin', c('pin')],
    ['q_created_at', c('created_at')],
    ['q_post_updated_at', c('post_updated_at')],
    ['q_vote_count', c('vote_count')],
    ['q_view_count', c('view_count')],
    ['q_answer_count', c('answer_count')],
  ];
}

/** Question columns the keys are made of (an update of any other column leaves the links alone). */
const SOURCES = ['status', 'show', 'pin', 'created_at', 'post_updated_at', 'vote_count', 'view_count', 'answer_count'];

/** The indexes: name suffix -> the order's key columns. */
const INDEXES: Array<[string, string[]]> = [
  ['newest', ['q_pin', 'q_created_at']],
  ['active', ['q_pin', 'q_post_updated_at']],
  ['score', ['q_vote_count']],
  ['frequent', ['q_view_count']],
  ['hot', ['q_answer_count', 'q_vote_count', 'q_view_count']],
  ['unanswered', ['q_answer_count', 'q_pin', 'q_created_at']],
];

/** `a = x, b = y` of the keys from the question row `q`, for `target` (a table alias or '' for none). */
const assignments = (q: string, target = '') => sql.join(keys(q).map(([k, v]) => sql`${sql.raw(target ? `${target}.${k}` : k)} = ${v}`));
/** True when one of the key sources differs between OLD and NEW. */
const changed = (dialect: DialectName) =>
  sql.join(SOURCES.map((s) => (dialect === 'mysql' ? sql.raw(`not (old.${s} <=> new.${s})`) : sql.raw(`old.${s} is distinct from new.${s}`))), sql` or `);

/** Adds the columns, the indexes and the triggers, and fills the existing links. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const [k] of keys('q')) await db.schema.alterTable('tag_rel').addColumn(k, k === 'q_created_at' || k === 'q_post_updated_at' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(k === 'q_pin' ? 1 : 0)).execute();
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else if (dialect === 'postgres') await postgresTriggers(db);
  else await mysqlTriggers(db);
  if (dialect === 'postgres') await sql`update tag_rel t set ${assignments('q')} from questions q where q.id = t.object_id`.execute(db);
  else if (dialect === 'mysql') await sql`update tag_rel t join questions q on q.id = t.object_id set ${assignments('q', 't')}`.execute(db);
  else await sql`update tag_rel set ${assignments('q')} from questions q where q.id = tag_rel.object_id`.execute(db);
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(`tag_rel_${name}_idx`).on('tag_rel').columns(['tag_id', 'status', 'q_listed', ...columns, 'object_id']).execute();
  }
  if (dialect === 'sqlite') await sql`analyze tag_rel`.execute(db);
  else if (dialect === 'postgres') await sql`analyze tag_rel`.execute(db);
}

/** SQLite: AFTER triggers that write the links (SQLite's triggers cannot set NEW). */
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger tag_rel_list_keys after insert on tag_rel for each row begin
      update tag_rel set ${assignments('q')} from questions q
        where q.id = new.object_id and tag_rel.object_id = new.object_id and tag_rel.tag_id = new.tag_id;
    end`.execute(db);
  await sql`create trigger questions_tag_rel_keys after insert on questions for each row begin
      update tag_rel set ${assignments('new')} where object_id = new.id;
    end`.execute(db);
  await sql`create trigger questions_tag_rel_keys_update after update of ${sql.raw(SOURCES.join(', '))} on questions
    for each row when ${changed('sqlite')} begin
      update tag_rel set ${assignments('new')} where object_id = new.id;
    end`.execute(db);
}

/** PostgreSQL: a BEFORE INSERT trigger on tag_rel, AFTER triggers on questions. */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const names = keys('q').map(([k]) => k);
  await sql`create or replace function tag_rel_list_keys() returns trigger language plpgsql as $$
    declare r record;
    begin
      select ${sql.join(keys('q').map(([k, v]) => sql`${v} as ${sql.raw(k)}`))} into r from questions q where q.id = new.object_id;
      if found then
        ${sql.raw(names.map((k) => `new.${k} := r.${k};`).join(' '))}
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger tag_rel_list_keys before insert on tag_rel for each row execute function tag_rel_list_keys()`.execute(db);
  await sql`create or replace function questions_tag_rel_keys() returns trigger language plpgsql as $$
    begin
      update tag_rel set ${assignments('new')} where object_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger questions_tag_rel_keys after insert on questions for each row execute function questions_tag_rel_keys()`.execute(db);
  await sql`create trigger questions_tag_rel_keys_update after update of ${sql.raw(SOURCES.join(', '))} on questions
    for each row when (${changed('postgres')}) execute function questions_tag_rel_keys()`.execute(db);
}

/** MySQL/MariaDB: a BEFORE INSERT trigger on tag_rel, AFTER triggers on questions (compound bodies, no DELIMITER needed through the driver). */
async function mysqlTriggers(db: Kysely<any>): Promise<void> {
  const k = keys('q');
  const vars = k.map(([name]) => `v_${name}`);
  await sql`create trigger tag_rel_list_keys before insert on tag_rel for each row begin
      declare v_found integer default 0;
      declare ${sql.raw(vars.join(', '))} bigint;
      declare continue handler for not found set v_found = 0;
      select 1, ${sql.join(k.map(([, v]) => v))} into v_found, ${sql.raw(vars.join(', '))} from questions q where q.id = new.object_id;
      if v_found = 1 then
        ${sql.raw(k.map(([name]) => `set new.${name} = v_${name};`).join(' '))}
      end if;
    end`.execute(db);
  await sql`create trigger questions_tag_rel_keys after insert on questions for each row begin
      update tag_rel set ${assignments('new')} where object_id = new.id;
    end`.execute(db);
  await sql`create trigger questions_tag_rel_keys_update after update on questions for each row begin
      if ${changed('mysql')} then
        update tag_rel set ${assignments('new')} where object_id = new.id;
      end if;
    end`.execute(db);
}
