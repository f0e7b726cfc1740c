/**
 * Bulk reads and writes of the importer: multi-row inserts in chunks, id-map look-ups and the final recount of
 * the denormalized counters. Works on a Kysely instance or a transaction (the importer passes its one
 * transaction), on SQLite, PostgreSQL and MySQL/MariaDB.
 */
import { CompiledQuery, MysqlAdapter, SqliteAdapter, sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { questionDoc } from '../search/index.js';
import { indexPending, resumeIndexing, suspendIndexing, type SuspendableTable, type SuspendedIndexing } from './import.bulkload.repository.js';

export type { SuspendableTable, SuspendedIndexing } from './import.bulkload.repository.js';

/** Kinds of objects recorded in `import_map`. */
export type ImportKind = 'post' | 'user' | 'comment' | 'tag';

export type NewUser = Insertable<Database['users']>;
export type NewQuestion = Insertable<Database['questions']>;
export type NewAnswer = Insertable<Database['answers']>;
export type NewTag = Insertable<Database['tags']>;
export type NewTagRel = Insertable<Database['tag_rel']>;
export type NewComment = Insertable<Database['comments']>;
export type NewMapRow = Insertable<Database['import_map']>;
export type NewRevision = Insertable<Database['revisions']>;
export type NewActivity = Insertable<Database['activity']>;
export type NewCollection = Insertable<Database['collections']>;
export type NewVote = Insertable<Database['votes']>;
export type NewQuestionLink = Insertable<Database['question_links']>;
export type NewMeta = Insertable<Database['meta']>;
export type NewBadgeAward = Insertable<Database['badge_awards']>;
/** A search index row as modules/search builds it (`questionDoc`, `answerDoc`). */
export type NewSearchDoc = ReturnType<typeof questionDoc>;

/** Tables written with "insert, ignoring rows a unique key already holds". */
export type IgnoringTable = 'collections' | 'votes' | 'question_links' | 'meta' | 'badge_awards';

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

type BulkTable = 'users' | 'tags' | 'questions' | 'answers' | 'tag_rel' | 'comments' | 'import_map' | 'revisions' | 'activity' | 'search_docs';

/** The import's writes, bound to its one transaction: multi-row inserts compiled once per row shape, recounts. */
export class ImportRepository {
  /** INSERT statements compiled once per table, column list and row count (see `insertRows`). */
  private readonly compiled = new Map<string, string>();
  /** Rows waiting for a full chunk, per table (see `queue`). */
  private readonly buffers = new Map<BulkTable, object[]>();

  private readonly mysql: boolean;
  private readonly sqlite: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.mysql = db.getExecutor().adapter instanceof MysqlAdapter;
    this.sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  /**
   * Settings of the import's session, inside the import transaction. PostgreSQL, for this transaction only (SET
   * LOCAL): a 32 MB pending list for the GIN index of the search vectors (default 4 MB; each time the list is full
   * it is merged into the index, and fewer, larger merges cost less per row) and 64 MB of work_mem for those merges
   * and the recounts. SQLite and MySQL/MariaDB: nothing (SQLite's bulk load is `suspendIndexing`).
   */
  async beginBulkLoad(): Promise<void> {
    if (this.sqlite || this.mysql) return;
    await sql`set local gin_pending_list_limit = '32MB'`.execute(this.db);
    await sql`set local work_mem = '64MB'`.execute(this.db);
  }

  /** Bulk-load mode for the posts of a large import: see import.bulkload.repository.ts `suspendIndexing` (SQLite only). */
  async suspendIndexing(expected: Partial<Record<SuspendableTable, number>>): Promise<SuspendedIndexing | null> {
    return this.sqlite ? suspendIndexing(this.db, expected) : null;
  }

  /** Indexes up to `max` search rows written during the bulk-load mode: import.bulkload.repository.ts `indexPending`. */
  async indexPending(s: SuspendedIndexing | null, max: number): Promise<number> {
    return indexPending(this.db, s, max);
  }

  /** Writes the buffered rows, then ends the bulk-load mode in the same transaction (import.bulkload.repository.ts). */
  async resumeIndexing(s: SuspendedIndexing | null): Promise<void> {
    await this.flush();
    await resumeIndexing(this.db, s);
  }

  /**
   * Multi-row INSERT in chunks. Building a 500-row insert through the query builder costs ~30 µs per row, as
   * much as SQLite's own work, so a statement is compiled once per (table, columns, row count) and re-executed
   * with new parameters. Kysely orders the parameters row by row in column order; the first compilation of
   * every shape checks that, and rows whose keys differ take the normal path. With `ignoring` the statement skips
   * rows a primary or unique key already holds (`insertIgnoring`).
   */
  private async insertRows(table: BulkTable | IgnoringTable, rows: object[], ignoring = false): Promise<void> {
    for (const c of chunks(rows)) {
      const cols = Object.keys(c[0]!);
      const uniform = c.every((r) => {
        const keys = Object.keys(r);
        return keys.length === cols.length && keys.every((k, i) => k === cols[i] && (r as Record<string, unknown>)[k] !== undefined);
      });
      const params: unknown[] = [];
      if (uniform) for (const r of c) for (const k of cols) params.push((r as Record<string, unknown>)[k]);
      const key = `${ignoring ? 'ignore|' : ''}${table}|${c.length}|${cols.join(',')}`;
      const cached = uniform ? this.compiled.get(key) : undefined;
      if (cached !== undefined) {
        await this.db.executeQuery(CompiledQuery.raw(cached, params));
        continue;
      }
      const insert = this.db.withTables<{ search_docs: NewSearchDoc }>().insertInto(table).values(c as never);
      const query = (ignoring ? (this.mysql ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())) : insert).compile();
      if (uniform && query.parameters.length === params.length && query.parameters.every((v, i) => v === params[i])) {
        this.compiled.set(key, query.sql);
      }
      await this.db.executeQuery(query);
    }
  }

  /** Adds rows to the table's buffer and writes every full 500-row chunk. Call `flush` at the end. */
  private async queue(table: BulkTable, rows: object[]): Promise<void> {
    let buf = this.buffers.get(table);
    if (!buf) this.buffers.set(table, (buf = []));
    for (const r of rows) buf.push(r);
    if (buf.length >= CHUNK_ROWS) {
      const full = buf.length - (buf.length % CHUNK_ROWS);
      await this.insertRows(table, buf.splice(0, full));
    }
  }

  /** Writes every buffered row. */
  async flush(): Promise<void> {
    for (const [table, buf] of this.buffers) {
      if (buf.length > 0) await this.insertRows(table, buf.splice(0));
    }
  }

  /**
   * Multi-row INSERT that skips rows a primary or unique key already holds (MySQL `INSERT IGNORE`, elsewhere
   * `ON CONFLICT DO NOTHING`), written at once, through the statements compiled once per shape (`insertRows`:
   * building each 500-row insert cost ~30 µs per row, the 100k votes of a 20k-question dump 3 s of the main thread).
   */
  async insertIgnoring(table: IgnoringTable, rows: object[]): Promise<void> {
    if (rows.length) await this.insertRows(table, rows, true);
  }

  /** Buffered. */
  async insertRevisions(rows: NewRevision[]): Promise<void> {
    await this.queue('revisions', rows);
  }

  /** Buffered. */
  async insertActivity(rows: NewActivity[]): Promise<void> {
    await this.queue('activity', rows);
  }

  /**
   * The latest revision (highest id) of each of `objectIds`: object id -> its title and content. Writes the
   * buffered revisions first.
   */
  async latestRevisions(objectIds: string[]): Promise<Map<string, { title: string; content: string }>> {
    const buf = this.buffers.get('revisions');
    if (buf?.length) await this.insertRows('revisions', buf.splice(0));
    const out = new Map<string, { title: string; content: string }>();
    for (let i = 0; i < objectIds.length; i += IN_CHUNK) {
      const part = objectIds.slice(i, i + IN_CHUNK);
      const rows = await this.db
        .selectFrom('revisions as r')
        .select(['r.object_id', 'r.title', 'r.content'])
        .where('r.object_id', 'in', part)
        .where('r.id', '=', (eb) => eb.selectFrom('revisions as l').select((e) => e.fn.max('l.id').as('m')).whereRef('l.object_id', '=', 'r.object_id'))
        .execute();
      for (const r of rows) out.set(r.object_id, { title: r.title, content: r.content });
    }
    return out;
  }

  /**
   * Sets a tag's description unless it already has one.
   * @returns true when it was set
   */
  async setTagDescription(tagId: string, markdown: string, html: string): Promise<boolean> {
    const r = await this.db.updateTable('tags').set({ original_text: markdown, parsed_text: html }).where('id', '=', tagId).where('original_text', '=', '').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * After PostHistory.xml: each imported post points at its latest revision, and a post edited after it was
   * written names its last editor (`last_edit_user_id`).
   */
  async linkLatestRevisions(source: string): Promise<void> {
    await this.flush();
    const mapped = this.db.selectFrom('import_map').select('internal_id').where('source', '=', source).where('kind', '=', 'post');
    for (const table of ['questions', 'answers'] as const) {
      await this.db
        .updateTable(table)
        .set((eb) => ({
          revision_id: eb.fn.coalesce(eb.selectFrom('revisions').select((e) => e.fn.max('revisions.id').as('m')).whereRef('revisions.object_id', '=', `${table}.id`), sql<string>`''`),
        }))
        .where(`${table}.id`, 'in', mapped)
        .where(`${table}.revision_id`, '=', '')
        .execute();
      await this.db
        .updateTable(table)
        .set((eb) => ({
          last_edit_user_id: eb.fn.coalesce(eb.selectFrom('revisions').select('revisions.user_id').whereRef('revisions.id', '=', `${table}.revision_id`), sql<string>`''`),
        }))
        .where(`${table}.id`, 'in', mapped)
        .where(`${table}.revision_id`, '<>', '')
        .where((eb) => eb(eb.selectFrom('revisions').select((e) => e.fn.countAll().as('n')).whereRef('revisions.object_id', '=', `${table}.id`), '>', 1))
        .execute();
    }
  }

  /** Recounts the bookmark counts of the questions imported from `source`. */
  async recountBookmarks(source: string): Promise<void> {
    const mapped = this.db.selectFrom('import_map').select('internal_id').where('source', '=', source).where('kind', '=', 'post');
    await this.db
      .updateTable('questions')
      .set((eb) => ({ collection_count: eb.selectFrom('collections').select(sql<number>`count(*)`.as('n')).whereRef('collections.object_id', '=', 'questions.id') }))
      .where('questions.id', 'in', mapped)
      .execute();
  }

  /**
   * Reputation of the people a dump names without a Users.xml row (placeholders), from what the dump says their
   * posts earned, with the site's own rules: each point of a post's score as an upvote (positive) or a downvote
   * (negative) of that post type, plus the accepted-answer bonus; from `floor`, no daily cap (history, not
   * today's gains). Members from Users.xml keep the reputation the dump gives them.
   * @param deltas the site's `rank.*` deltas (activity rankConfig)
   */
  async setPlaceholderReputation(source: string, deltas: { qUp: number; qDown: number; aUp: number; aDown: number; accepted: number }, floor: number): Promise<void> {
    const mapped = this.db.selectFrom('import_map').select('internal_id').where('source', '=', source).where('kind', '=', 'user');
    const earned = sql<number>`(${floor} + coalesce((select sum(case when q.vote_count > 0 then q.vote_count * ${deltas.qUp} else -q.vote_count * ${deltas.qDown} end) from questions q where q.user_id = users.id), 0)
      + coalesce((select sum(case when a.vote_count > 0 then a.vote_count * ${deltas.aUp} else -a.vote_count * ${deltas.aDown} end) from answers a where a.user_id = users.id), 0)
      + ${deltas.accepted} * (select count(*) from answers a where a.user_id = users.id and a.accepted = 2))`;
    await this.db
      .updateTable('users')
      .set({ rank: sql<number>`case when ${earned} < ${floor} then ${floor} else ${earned} end` })
      .where('is_placeholder', '=', 1)
      .where('id', 'in', mapped)
      .execute();
  }

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

  /** Which of `emails` (lower-case) members already have (the site stores addresses lower-case). */
  async takenEmails(emails: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < emails.length; i += IN_CHUNK) {
      const rows = await this.db.selectFrom('users').select('e_mail').where('e_mail', 'in', emails.slice(i, i + IN_CHUNK)).execute();
      for (const r of rows) out.add(r.e_mail.toLowerCase());
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

  /** Inserts users now (username checks of later batches must see them). */
  async insertUsers(rows: NewUser[]): Promise<void> {
    await this.insertRows('users', rows);
  }

  async insertTags(rows: NewTag[]): Promise<void> {
    await this.insertRows('tags', rows);
  }

  /** Buffered: written in full chunks, the rest by `flush`. */
  async insertQuestions(rows: NewQuestion[]): Promise<void> {
    await this.queue('questions', rows);
  }

  /** Buffered. */
  async insertAnswers(rows: NewAnswer[]): Promise<void> {
    await this.queue('answers', rows);
  }

  /** Buffered. */
  async insertTagRels(rows: NewTagRel[]): Promise<void> {
    await this.queue('tag_rel', rows);
  }

  /** Buffered. */
  async insertComments(rows: NewComment[]): Promise<void> {
    await this.queue('comments', rows);
  }

  /**
   * Buffered: search index rows of new posts (modules/search writes them the same way, `insertSearchDocs`; here
   * they take the statements compiled once per shape: building each insert through the query builder cost ~1.2 s of
   * the main thread at 300k posts).
   */
  async insertSearchDocs(rows: NewSearchDoc[]): Promise<void> {
    await this.queue('search_docs', rows);
  }

  /** Buffered. */
  async insertMap(rows: NewMapRow[]): Promise<void> {
    await this.queue('import_map', rows);
  }

  /**
   * Links accepted answers that arrived after their question was imported (a later, larger dump).
   * @param pairs [question id, answer id]
   */
  async setAcceptedAnswers(pairs: Array<[string, string]>): Promise<void> {
    await this.flush();
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
    await this.flush();
    const mapped = (kind: ImportKind) =>
      this.db.selectFrom('import_map').select('internal_id').where('source', '=', source).where('kind', '=', kind);
    await this.recountQuestions(mapped('post'));
    await this.recountUsers(mapped('user'));
    await this.recountTags(mapped('tag'));
  }

  /**
   * Recomputes the same counters for the given objects only: the importer writes new objects with their counts
   * and recounts only objects that existed before and got new posts (300k posts: 5 s of queries saved).
   */
  async recountObjects(ids: { questions: string[]; users: string[]; tags: string[] }): Promise<void> {
    await this.flush();
    for (let i = 0; i < ids.questions.length; i += IN_CHUNK) await this.recountQuestions(ids.questions.slice(i, i + IN_CHUNK));
    for (let i = 0; i < ids.users.length; i += IN_CHUNK) await this.recountUsers(ids.users.slice(i, i + IN_CHUNK));
    for (let i = 0; i < ids.tags.length; i += IN_CHUNK) await this.recountTags(ids.tags.slice(i, i + IN_CHUNK));
  }

  private async recountQuestions(which: string[] | SelectQueryBuilder<Database, 'import_map', { internal_id: string }>): Promise<void> {
    if (Array.isArray(which) && !which.length) return;
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
      .where('questions.id', 'in', which)
      .execute();
  }

  private async recountUsers(which: string[] | SelectQueryBuilder<Database, 'import_map', { internal_id: string }>): Promise<void> {
    if (Array.isArray(which) && !which.length) return;
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
      .where('users.id', 'in', which)
      .execute();
  }

  private async recountTags(which: string[] | SelectQueryBuilder<Database, 'import_map', { internal_id: string }>): Promise<void> {
    if (Array.isArray(which) && !which.length) return;
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
      .where('tags.id', 'in', which)
      .execute();
  }
}
