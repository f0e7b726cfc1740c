/**
 * Bulk reads and writes of the importer: multi-row inserts in chunks, id-map look-ups and the final recount of
 * the denormalized counters. Works on a Kysely instance or a transaction (the importer passes its one
 * transaction), on SQLite, PostgreSQL and MySQL/MariaDB.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/** Kinds of objects recorded in `import_map`. */
export type ImportKind = 'post' | 'user' | 'comment' | 'tag';

export type NewUser = Insertable<Database['users']>;
export type NewQuestion = Insertable<Database['questions']>;
export type NewAnswer = Insertable<Database['answers']>;
export type NewTag = Insertable<Database['tags']>;
export type NewTagRel = Insertable<Database['tag_rel']>;
export type NewComment = Insertable<Database['comments']>;
export type NewMapRow = Insertable<Database['import_map']>;

/** Rows per INSERT statement (500 x ~25 columns stays under SQLite's 32766 parameters). */
const CHUNK_ROWS = 500;
/** Approximate text bytes per INSERT, so MySQL's max_allowed_packet (16 MB on older servers) is never hit. */
const CHUNK_BYTES = 4 << 20;
/** Values per `IN (...)` list. */
const IN_CHUNK = 500;

function textSize(row: object): number {
  let n = 0;
  for (const v of Object.values(row)) if (typeof v === 'string') n += v.length;
  return n;
}

/** Splits rows into INSERT-sized chunks by count and by text size. */
function* chunks<T extends object>(rows: T[]): Generator<T[]> {
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    bytes += textSize(rows[i]!);
    if (i + 1 - start >= CHUNK_ROWS || bytes >= CHUNK_BYTES) {
      yield rows.slice(start, i + 1);
      start = i + 1;
      bytes = 0;
    }
  }
  if (start < rows.length) yield rows.slice(start);
}

export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The id map of one source and kind: external id -> internal id. */
  async loadMap(source: string, kind: ImportKind): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('import_map')
      .select(['external_id', 'internal_id'])
      .where('source', '=', source)
      .where('kind', '=', kind)
      .execute();
    return new Map(rows.map((r) => [r.external_id, r.internal_id]));
  }

  /** Ids of existing tags by slug name, for the given slugs. */
  async tagIdsBySlug(slugs: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < slugs.length; i += IN_CHUNK) {
      const part = slugs.slice(i, i + IN_CHUNK);
      const rows = await this.db.selectFrom('tags').select(['id', 'slug_name']).where('slug_name', 'in', part).execute();
      for (const r of rows) out.set(r.slug_name, r.id);
    }
    return out;
  }

  /** Which of `names` are already taken as usernames (compared exactly; usernames are stored lower-case). */
  async takenUsernames(names: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < names.length; i += IN_CHUNK) {
      const part = names.slice(i, i + IN_CHUNK);
      const rows = await this.db.selectFrom('users').select('username').where('username', 'in', part).execute();
      for (const r of rows) out.add(r.username);
    }
    return out;
  }

  async insertUsers(rows: NewUser[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('users').values(c).execute();
  }

  async insertTags(rows: NewTag[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('tags').values(c).execute();
  }

  async insertQuestions(rows: NewQuestion[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('questions').values(c).execute();
  }

  async insertAnswers(rows: NewAnswer[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('answers').values(c).execute();
  }

  async insertTagRels(rows: NewTagRel[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('tag_rel').values(c).execute();
  }

  async insertComments(rows: NewComment[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('comments').values(c).execute();
  }

  async insertMap(rows: NewMapRow[]): Promise<void> {
    for (const c of chunks(rows)) await this.db.insertInto('import_map').values(c).execute();
  }

  /**
   * Links accepted answers that arrived after their question was imported (a later, larger dump).
   * @param pairs [question id, answer id]
   */
  async setAcceptedAnswers(pairs: Array<[string, string]>): Promise<void> {
    for (const [questionId, answerId] of pairs) {
      await this.db.updateTable('questions').set({ accepted_answer_id: answerId }).where('id', '=', questionId).execute();
      await this.db.updateTable('answers').set({ accepted: 2 }).where('id', '=', answerId).execute();
    }
  }

  /**
   * Recomputes the counters of everything imported from `source` from the rows themselves:
   * questions.answer_count and last_answer_id, users.question_count and answer_count, tags.question_count.
   * Deleted posts (status 10) are not counted.
   */
  async recount(source: string): Promise<void> {
    const mapped = (kind: ImportKind) =>
      this.db.selectFrom('import_map').select('internal_id').where('source', '=', source).where('kind', '=', kind);

    await this.db
      .updateTable('questions')
      .set((eb) => ({
        answer_count: eb
          .selectFrom('answers')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('answers.question_id', '=', 'questions.id')
          .where('answers.status', '<>', 10),
        last_answer_id: eb.fn.coalesce(
          eb
            .selectFrom('answers')
            .select('answers.id')
            .whereRef('answers.question_id', '=', 'questions.id')
            .where('answers.status', '<>', 10)
            .orderBy('answers.created_at', 'desc')
            .orderBy('answers.id', 'desc')
            .limit(1),
          sql<string>`''`,
        ),
      }))
      .where('questions.id', 'in', mapped('post'))
      .execute();

    await this.db
      .updateTable('users')
      .set((eb) => ({
        question_count: eb
          .selectFrom('questions')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('questions.user_id', '=', 'users.id')
          .where('questions.status', '<>', 10),
        answer_count: eb
          .selectFrom('answers')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('answers.user_id', '=', 'users.id')
          .where('answers.status', '<>', 10),
      }))
      .where('users.id', 'in', mapped('user'))
      .execute();

    await this.db
      .updateTable('tags')
      .set((eb) => ({
        question_count: eb
          .selectFrom('tag_rel')
          .innerJoin('questions', 'questions.id', 'tag_rel.object_id')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('tag_rel.tag_id', '=', 'tags.id')
          .where('tag_rel.status', '=', 1)
          .where('questions.status', '<>', 10),
      }))
      .where('tags.id', 'in', mapped('tag'))
      .execute();
  }
}
