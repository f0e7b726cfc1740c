/**
 * Writes of the Answer import into the Quorum database: look-ups of what is already there, inserts that skip
 * rows already present (so a second run, or the rest of a run cut off half way, adds nothing twice), the id
 * map of objects that had to change id, counters recomputed from the rows, id sequences moved past the kept
 * ids, and settings sections. Works on SQLite, PostgreSQL and MySQL/MariaDB.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../core/db/dialect.js';
import type { Database } from '../../core/db/schema.js';

/** A row as written into one of our tables (Kysely's insert shape), for the mapper and the import steps. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

/** import_map source of every object of an Answer import. */
export const MAP_SOURCE = 'apache-answer';

/** Rows per INSERT (25 columns x 200 rows stays far below every engine's parameter limit). */
const CHUNK = 200;
/** Values per `IN (...)` list. */
const IN_CHUNK = 500;

type IdTable = 'users' | 'tags' | 'questions' | 'answers' | 'comments' | 'revisions' | 'activity' | 'notifications' | 'collections';
type AnyTable = IdTable | 'tag_rel' | 'votes' | 'follows' | 'import_map' | 'question_links' | 'external_logins';

/** Which of `ids` exist in `table`. */
export async function existingIds(db: Db, table: IdTable, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db.kysely.selectFrom(table).select('id').where('id', 'in', ids.slice(i, i + IN_CHUNK)).execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/**
 * Inserts rows, leaving out those whose primary or unique key is already taken.
 * @returns the number of rows inserted
 */
export async function insertIgnore<T extends AnyTable>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK) as never;
    const q = db.kysely.insertInto(table).values(part);
    const r = await (db.dialect === 'mysql' ? q.ignore() : q.onConflict((oc) => oc.doNothing())).executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

/** Existing users by id: e-mail and username. */
export async function usersById(db: Db, ids: string[]): Promise<Map<string, { e_mail: string; username: string }>> {
  const out = new Map<string, { e_mail: string; username: string }>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db.kysely.selectFrom('users').select(['id', 'e_mail', 'username']).where('id', 'in', ids.slice(i, i + IN_CHUNK)).execute();
    for (const r of rows) out.set(r.id, { e_mail: r.e_mail, username: r.username });
  }
  return out;
}

/** Existing users by e-mail (lower-case): e-mail -> id. */
export async function userIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < emails.length; i += IN_CHUNK) {
    const rows = await db.kysely.selectFrom('users').select(['id', 'e_mail']).where('e_mail', 'in', emails.slice(i, i + IN_CHUNK)).execute();
    for (const r of rows) out.set(r.e_mail.toLowerCase(), r.id);
  }
  return out;
}

/** Which of `names` are taken as usernames. */
export async function takenUsernames(db: Db, names: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < names.length; i += IN_CHUNK) {
    const rows = await db.kysely.selectFrom('users').select('username').where('username', 'in', names.slice(i, i + IN_CHUNK)).execute();
    for (const r of rows) out.add(r.username);
  }
  return out;
}

/** Every tag: id -> slug. */
export async function allTags(db: Db): Promise<Map<string, string>> {
  const rows = await db.kysely.selectFrom('tags').select(['id', 'slug_name']).execute();
  return new Map(rows.map((r) => [r.id, r.slug_name]));
}

/** The id map of one kind: Answer id -> our id. */
export async function loadMap(db: Db, kind: string): Promise<Map<string, string>> {
  const rows = await db.kysely.selectFrom('import_map').select(['external_id', 'internal_id']).where('source', '=', MAP_SOURCE).where('kind', '=', kind).execute();
  return new Map(rows.map((r) => [r.external_id, r.internal_id]));
}

/**
 * Recomputes denormalized counters from the rows (the whole site: the import may have merged into existing
 * objects): answers, bookmarks and followers of questions, posts of users, questions and followers of tags.
 * Deleted posts (status 10) are not counted. Values that are already right are not rewritten.
 */
export async function recount(db: Db): Promise<void> {
  const count = (table: 'answers' | 'questions' | 'collections' | 'follows' | 'tag_rel', col: string, ref: string, live = true) => {
    const alive = live && (table === 'answers' || table === 'questions') ? sql` and ${sql.ref(`${table}.status`)} <> 10` : sql``;
    return sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${col}`)} = ${sql.ref(ref)}${alive})`;
  };
  const tagQuestions = sql<number>`(select count(*) from tag_rel join questions on questions.id = tag_rel.object_id where tag_rel.tag_id = tags.id and tag_rel.status = 1 and questions.status <> 10)`;
  const set = async (table: 'questions' | 'users' | 'tags', col: string, value: ReturnType<typeof count>) => {
    await db.kysely
      .updateTable(table)
      .set({ [col]: value } as never)
      .where(sql<boolean>`${sql.ref(`${table}.${col}`)} <> ${value}`)
      .execute();
  };
  await set('questions', 'answer_count', count('answers', 'question_id', 'questions.id'));
  await set('questions', 'collection_count', count('collections', 'object_id', 'questions.id', false));
  await set('questions', 'follow_count', count('follows', 'object_id', 'questions.id', false));
  await set('users', 'question_count', count('questions', 'user_id', 'users.id'));
  await set('users', 'answer_count', count('answers', 'user_id', 'users.id'));
  await set('tags', 'question_count', tagQuestions);
  await set('tags', 'follow_count', count('follows', 'object_id', 'tags.id', false));
}

/** Moves an id sequence so the next id handed out is at least `next` (kept ids are never handed out again). */
export async function advanceSequence(db: Db, name: string, next: number): Promise<void> {
  const r = await db.kysely.updateTable('id_sequences').set({ next_value: next }).where('name', '=', name).where('next_value', '<', next).executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  const exists = await db.kysely.selectFrom('id_sequences').select('name').where('name', '=', name).executeTakeFirst();
  if (!exists) await db.kysely.insertInto('id_sequences').values({ name, next_value: next }).execute();
}

/** Every settings section: name -> parsed JSON. */
export async function loadSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.kysely.selectFrom('settings').select(['name', 'value']).execute();
  const out = new Map<string, unknown>();
  for (const r of rows) {
    try {
      out.set(r.name, JSON.parse(r.value));
    } catch {
      // an unreadable section is replaced only if the import carries it
    }
  }
  return out;
}

/** Writes one settings section (insert or update). */
export async function saveSetting(db: Db, name: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  const r = await db.kysely.updateTable('settings').set({ value: json, updated_at: now }).where('name', '=', name).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await db.kysely.insertInto('settings').values({ name, value: json, updated_at: now }).execute();
}
