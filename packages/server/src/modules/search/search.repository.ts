/**
 * The queries of `search_docs` and the engines' full-text indexes (migration 002), with
 * search.rebuild.repository.ts for whole-index rebuilds. Engine
 * differences are confined to the match, rank and title-only match fragments below, and to PostgreSQL's window
 * cut on `search_docs` alone (`rowOnly`, with the `listed` flag of migration 017). User text reaches the
 * engine only as bound parameters, and only as token forms of modules/search/tokenizer.ts (letters and
 * digits), each quoted for FTS5 and tsquery.
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { AnswersTable, QuestionsTable } from '../../core/db/schema.js';

/**
 * A row of `search_docs` as written (the SQLite doc_id and the PostgreSQL tsv column are the engine's). PostgreSQL
 * keeps only the vector: a trigger makes `tsv` from `title` and `content` and stores both empty (migration 022),
 * so rows there are replaced (delete, then insert), never updated, and their text is never read back.
 */
export interface SearchDoc {
  object_id: string;
  /** 1 question, 2 answer */
  object_type: number;
  question_id: string;
  user_id: string;
  created_at: number;
  /** Index text of the title (questions only). */
  title: string;
  /** Index text of the body. */
  content: string;
}

// A type alias (not an interface) so it satisfies withTables' index-signature constraint.
type SearchTables = {
  search_docs: SearchDoc;
};

export const DOC_QUESTION = 1;
export const DOC_ANSWER = 2;

function k(db: Db): Kysely<SearchTables> {
  return db.kysely.withTables<SearchTables>() as unknown as Kysely<SearchTables>;
}

/** Replaces the index rows of the given objects (delete, then insert; portable and trigger-friendly). */
export async function replaceDocs(db: Db, docs: SearchDoc[]): Promise<void> {
  if (!docs.length) return;
  await deleteDocs(db, docs.map((d) => d.object_id));
  await insertDocs(db, docs);
}

/** Inserts index rows (callers make sure they are not there yet). */
export async function insertDocs(db: Db, docs: SearchDoc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 500) await k(db).insertInto('search_docs').values(docs.slice(i, i + 500)).execute();
}

/** Removes the index rows of the given objects. */
export async function deleteDocs(db: Db, objectIds: string[]): Promise<void> {
  for (let i = 0; i < objectIds.length; i += 500) await k(db).deleteFrom('search_docs').where('object_id', 'in', objectIds.slice(i, i + 500)).execute();
}

export type SearchOrder = 'relevance' | 'newest' | 'active' | 'score';

export interface SearchPlan {
  /** Token forms that must all be present (may be empty when only operators are given). */
  forms: string[];
  type?: number;
  /** Main-tag ids the question must all carry. */
  tagIds: string[];
  userId?: string;
  minScore?: number;
  /** `answers:N`: at least N answers; 0 is exactly none (Answer's rule, search_repo SearchQuestions). */
  minAnswers?: number;
  order: SearchOrder;
  offset: number;
  limit: number;
}

export interface SearchHit {
  object_id: string;
  object_type: number;
  question_id: string;
}

const quote = (form: string) => `"${form.replace(/"/g, '')}"`;

/**
 * Most matches considered per query: the newest WINDOW matching, visible posts are ranked and paged, and the
 * count stops there. This bounds the work of very common words (ranking and counting 50,000 matches costs
 * 150-300 ms at 100k posts; bench/search.ts), at the price of ordering by relevance, activity or score within
 * the newest 1,000 matches only. `newest` is exact.
 */
export const WINDOW = 1000;

/**
 * Engine fragments: FROM with the text match, its condition, the rank (higher is better) selected with each row
 * of the window, and the recency key the window is cut on (SQLite: FTS5 walks its doclist by rowid, which
 * follows insertion order, and stops after WINDOW rows). PostgreSQL computes `ts_rank` on each match before the
 * window's top-N sort, so that sort carries a number instead of the ~1 KB vector (a word in 2.9% of 100k posts:
 * 8.2 -> 5.8 ms; docs/BENCHMARKS.md "Search"); with rows that kept their text (before migration 022) the vectors
 * of long posts were out of line and this was slower.
 */
function textMatch(db: Db, forms: string[]): { from: RawBuilder<unknown>; where: RawBuilder<unknown>; rank: RawBuilder<unknown>; recency: RawBuilder<unknown> } {
  if (db.dialect === 'sqlite') {
    const match = forms.map(quote).join(' ');
    return {
      from: sql`search_fts f join search_docs d on d.doc_id = f.rowid`,
      where: sql`search_fts match ${match}`,
      rank: sql`-bm25(search_fts, 5.0, 1.0)`,
      // rowid alone (unique): a second sort key would make SQLite sort every match instead of walking the doclist.
      recency: sql`f.rowid desc`,
    };
  }
  if (db.dialect === 'postgres') {
    const query = forms.map((f) => `'${f.replace(/'/g, '')}'`).join(' & ');
    return {
      from: sql`search_docs d`,
      where: sql`d.tsv @@ to_tsquery('simple'::regconfig, ${query})`,
      rank: sql`ts_rank(d.tsv, to_tsquery('simple'::regconfig, ${query}))`,
      recency: sql`d.created_at desc, d.object_id desc`,
    };
  }
  const all = forms.map((f) => `+${f}`).join(' ');
  const any = forms.join(' ');
  return {
    from: sql`search_docs d`,
    where: sql`match(d.title, d.content) against (${all} in boolean mode)`,
    rank: sql`(match(d.title) against (${any} in boolean mode) * 4 + match(d.title, d.content) against (${all} in boolean mode))`,
    recency: sql`d.created_at desc, d.object_id desc`,
  };
}

function filters(plan: SearchPlan): RawBuilder<unknown>[] {
  const w: RawBuilder<unknown>[] = [
    sql`q.status in (1, 2) and ${sql.ref('q.show')} = 1`,
    sql`(d.object_type = ${DOC_QUESTION} or a.status = 1)`,
  ];
  if (plan.type) w.push(sql`d.object_type = ${plan.type}`);
  if (plan.userId) w.push(sql`d.user_id = ${plan.userId}`);
  for (const tagId of plan.tagIds) w.push(sql`exists (select 1 from tag_rel tr where tr.object_id = d.question_id and tr.tag_id = ${tagId} and tr.status = 1)`);
  if (plan.minScore !== undefined) w.push(sql`(case when d.object_type = ${DOC_QUESTION} then q.vote_count else a.vote_count end) >= ${plan.minScore}`);
  if (plan.minAnswers !== undefined) w.push(plan.minAnswers === 0 ? sql`d.object_type = ${DOC_QUESTION} and q.answer_count = 0` : sql`d.object_type = ${DOC_QUESTION} and q.answer_count >= ${plan.minAnswers}`);
  return w;
}

/**
 * True when the PostgreSQL window can be cut on `search_docs` alone: a text query whose other conditions are
 * columns of the row. Visibility is the row's `listed` flag there (migration 017, the same rule as `filters`,
 * kept by triggers), so no row is joined before the cut and the planner picks, per query, between walking
 * `search_docs_created_idx` (common words) and the GIN bitmap with a top-N sort (the rest). Searches by tag,
 * score or answer count keep the joined form.
 */
function rowOnly(db: Db, plan: SearchPlan): boolean {
  return db.dialect === 'postgres' && plan.forms.length > 0 && !plan.tagIds.length && plan.minScore === undefined && plan.minAnswers === undefined;
}

/** PostgreSQL's planner statistics of `search_docs` that `recentBound` reads (from `pg_stats` and `pg_class`). */
interface DocStats {
  /** When they were read (ms since the epoch). */
  at: number;
  /** Share of rows holding each of the most common lexemes (0-1). */
  share: Map<string, number>;
  /** Equal-frequency histogram bounds of `created_at` (seconds), ascending. */
  bounds: number[];
  /** Estimated row count. */
  rows: number;
}

/** How long statistics are reused: they only steer the plan, and ANALYZE refreshes them at its own pace. */
const STATS_TTL_MS = 10 * 60_000;
const docStats = new WeakMap<Db, DocStats>();

/**
 * The planner statistics of `search_docs` (PostgreSQL), read at most every STATS_TTL_MS per connection.
 * Empty (no lexemes, no bounds) before the table is first analyzed.
 */
async function searchDocStats(db: Db): Promise<DocStats> {
  const cached = docStats.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached;
  const [elems, hist, count] = await Promise.all([
    sql<{ e: string; f: number }>`select s.e, s.f from pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) as s(e, f)
      where p.schemaname = current_schema() and p.tablename = 'search_docs' and p.attname = 'tsv' and s.e is not null`.execute(db.kysely),
    sql<{ b: string[] | null }>`select histogram_bounds::text::bigint[] as b from pg_stats
      where schemaname = current_schema() and tablename = 'search_docs' and attname = 'created_at'`.execute(db.kysely),
    sql<{ n: number }>`select reltuples as n from pg_class where oid = 'search_docs'::regclass`.execute(db.kysely),
  ]);
  const stats: DocStats = {
    at: Date.now(),
    share: new Map(elems.rows.map((r) => [r.e, Number(r.f)])),
    bounds: (hist.rows[0]?.b ?? []).map(Number),
    rows: Math.max(0, Number(count.rows[0]?.n ?? 0)),
  };
  docStats.set(db, stats);
  return stats;
}

/** Share of posts (0-1) from which the planner walks the date index instead: it stops after WINDOW matches. */
const WALK_SHARE = 0.15;

/**
 * PostgreSQL: a `created_at` lower bound expected to keep 1.5 times WINDOW of the matches of `forms`, when
 * that is under half of the posts and the words are in under WALK_SHARE of them (at 100k posts: words in
 * 3-15%); else null (rarer words: every match is read anyway; commoner words: the planner walks the date index;
 * words missing from the statistics, or none yet). Found from the planner's statistics (lexeme
 * shares, multiplied for several words as the planner does, and the `created_at` histogram). The search tries
 * the window above the bound first: with WINDOW matches there it is the exact window, since every match below
 * the bound is older; the GIN bitmap then reads the heap rows of those matches only: for words in 3-8% of the
 * 100k posts of bench/search.ts, 11-13 ms instead of 15-39 ms (medians, same database, alternating, loaded
 * machine). With fewer matches above the bound than WINDOW the plain query runs after it.
 */
export async function recentBound(db: Db, forms: string[]): Promise<number | null> {
  const stats = await searchDocStats(db);
  if (stats.bounds.length < 2 || stats.rows < 10 * WINDOW) return null;
  let share = 1;
  for (const f of forms) {
    const s = stats.share.get(f);
    if (s === undefined) return null;
    share *= s;
  }
  if (share >= WALK_SHARE) return null;
  // 1.5: on the 200 queries of bench/search.ts at 100k posts the fewest matches above a bound were 1,455.
  const fraction = (1.5 * WINDOW) / (share * stats.rows);
  if (fraction >= 0.5) return null;
  return stats.bounds[Math.floor((1 - fraction) * (stats.bounds.length - 1))]!;
}

/**
 * One page of search hits and the total count (at most WINDOW).
 * Visible posts only: questions normal or closed and listed; answers normal under such a question.
 */
export async function searchDocs(db: Db, plan: SearchPlan): Promise<{ count: number; hits: SearchHit[] }> {
  const text = plan.forms.length ? textMatch(db, plan.forms) : null;
  // The rank only when ordering by it: on MariaDB computing full-text relevance makes InnoDB rank every match
  // (1.5-2 s for a word in a quarter of 100k posts, 0.2-0.5 s without; docs/BENCHMARKS.md "Search").
  const ranked = text && plan.order === 'relevance';
  let order: RawBuilder<unknown>;
  switch (plan.order) {
    case 'active':
      order = sql`w.active_at desc, w.created_at desc`;
      break;
    case 'score':
      order = sql`w.votes desc, w.created_at desc`;
      break;
    case 'relevance':
      order = text ? sql`w.score desc, w.created_at desc` : sql`w.created_at desc`;
      break;
    default:
      order = sql`w.created_at desc`;
  }
  // One query: the requested page of the window (at most WINDOW rows) in the requested order, each row with the
  // window's size. Only the page crosses to Node: sending the whole window cost PostgreSQL ~1.5 ms a search for
  // a word with 1,000 matches (docs/BENCHMARKS.md "Search"). A page past the end has no row to carry the count,
  // so then the window is counted on its own.
  const run = async (window: RawBuilder<unknown>): Promise<{ count: number; hits: SearchHit[] }> => {
    const page = await sql<SearchHit & { total: number | string }>`select w.object_id, w.object_type, w.question_id, count(*) over () as total
      from (${window}) w order by ${order}, w.object_id desc limit ${plan.limit} offset ${plan.offset}`.execute(db.kysely);
    const hits = page.rows.map((r) => ({ object_id: r.object_id, object_type: Number(r.object_type), question_id: r.question_id }));
    if (page.rows.length) return { count: Number(page.rows[0]!.total), hits };
    if (!plan.offset) return { count: 0, hits };
    const counted = await sql<{ n: number | string }>`select count(*) as n from (${window}) w`.execute(db.kysely);
    return { count: Number(counted.rows[0]?.n ?? 0), hits };
  };
  let result: { count: number; hits: SearchHit[] } | null = null;
  if (text && rowOnly(db, plan)) {
    // The bound is estimated for the words alone: not with a user's posts (their own index) or one post type.
    const since = plan.type || plan.userId ? null : await recentBound(db, plan.forms);
    const rowWindow = (bound: number | null) => {
      const where: RawBuilder<unknown>[] = [text.where, sql`d.listed`];
      if (bound !== null) where.push(sql`d.created_at >= ${bound}`);
      if (plan.type) where.push(sql`d.object_type = ${plan.type}`);
      if (plan.userId) where.push(sql`d.user_id = ${plan.userId}`);
      const cut = sql`select d.object_id, d.object_type, d.question_id, d.created_at, ${ranked ? text.rank : sql`0`} as score
        from search_docs d where ${sql.join(where, sql` and `)}
        order by ${text.recency} limit ${WINDOW}`;
      // Activity and votes live on the posts: joined after the cut, for the window's rows only.
      return plan.order === 'active' || plan.order === 'score'
        ? sql`select c.object_id, c.object_type, c.question_id, c.created_at, c.score,
            (case when c.object_type = ${DOC_QUESTION} then q.post_updated_at else a.updated_at end) as active_at,
            (case when c.object_type = ${DOC_QUESTION} then q.vote_count else a.vote_count end) as votes
          from (${cut}) c join questions q on q.id = c.question_id left join answers a on a.id = c.object_id`
        : sql`select c.object_id, c.object_type, c.question_id, c.created_at, c.score, 0 as active_at, 0 as votes from (${cut}) c`;
    };
    if (since !== null) {
      result = await run(rowWindow(since));
      if (result.count < WINDOW) result = null; // fewer matches above the bound than the window: not the window
    }
    result ??= await run(rowWindow(null));
  } else {
    const where = filters(plan);
    if (text) where.unshift(text.where);
    result = await run(sql`select d.object_id, d.object_type, d.question_id, d.created_at, ${ranked ? text.rank : sql`0`} as score,
        (case when d.object_type = ${DOC_QUESTION} then q.post_updated_at else a.updated_at end) as active_at,
        (case when d.object_type = ${DOC_QUESTION} then q.vote_count else a.vote_count end) as votes
      from ${text ? text.from : sql`search_docs d`} join questions q on q.id = d.question_id left join answers a on a.id = d.object_id
      where ${sql.join(where, sql` and `)}
      order by ${text ? text.recency : sql`d.created_at desc, d.object_id desc`} limit ${WINDOW}`);
  }
  return result;
}

/**
 * Questions whose title shares any of the token forms, best title match first (similar questions while
 * asking). Listed, normal or closed questions only.
 */
export async function similarTitles(db: Db, forms: string[], limit: number): Promise<string[]> {
  if (!forms.length) return [];
  let from: RawBuilder<unknown>;
  let where: RawBuilder<unknown>;
  let rank: RawBuilder<unknown>;
  if (db.dialect === 'sqlite') {
    const match = `title : (${forms.map(quote).join(' OR ')})`;
    from = sql`search_fts f join search_docs d on d.doc_id = f.rowid`;
    where = sql`search_fts match ${match}`;
    rank = sql`-bm25(search_fts, 1.0, 0.0)`;
  } else if (db.dialect === 'postgres') {
    const query = forms.map((f) => `'${f.replace(/'/g, '')}':A`).join(' | ');
    from = sql`search_docs d`;
    where = sql`d.tsv @@ to_tsquery('simple'::regconfig, ${query})`;
    rank = sql`ts_rank(d.tsv, to_tsquery('simple'::regconfig, ${query}))`;
  } else {
    const any = forms.join(' ');
    from = sql`search_docs d`;
    where = sql`match(d.title) against (${any} in boolean mode)`;
    rank = sql`match(d.title) against (${any} in boolean mode)`;
  }
  const r = await sql<{ object_id: string }>`select d.object_id from ${from} join questions q on q.id = d.object_id
    where ${where} and d.object_type = ${DOC_QUESTION} and q.status in (1, 2) and ${sql.ref('q.show')} = 1
    order by ${rank} desc, q.vote_count desc, d.object_id desc limit ${limit}`.execute(db.kysely);
  return r.rows.map((x) => x.object_id);
}

/**
 * How many questions of each tag related questions are drawn from: the tag's newest (highest id) this many. Keeps
 * the cost of question/similar/tag bounded on sites with very large tags, where walking every question of a tag
 * grew with the tag; exact for tags of up to this many questions.
 */
export const RELATED_PER_TAG = 500;

/** Ids of the tags of a question (live tag links only). */
export async function questionTagIds(db: Db, questionId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).where('status', '=', 1).execute();
  return rows.map((r) => r.tag_id);
}

/**
 * The newest questions of a tag that related questions are drawn from.
 * `ids` are the tag's newest `count` live tag links, newest (highest id) first, whatever their question's state;
 * `votes[i]` is the score of `ids[i]` when that question is normal or closed and listed, else null (not shown).
 */
export interface RelatedCandidates {
  ids: string[];
  votes: (number | null)[];
}

/**
 * A tag's newest `count` questions (by tag link, newest first) with the score of those that may be shown as
 * related (status normal or closed, listed): one backwards range of the (tag_id, status, object_id) index and a
 * probe of migration 023's `questions_related_idx` per row.
 * @param count how many tag links, e.g. RELATED_PER_TAG + 1 (the question itself may be among them)
 */
export async function relatedCandidates(db: Db, tagId: string, count: number): Promise<RelatedCandidates> {
  const r = await sql<{ object_id: string; vote_count: number | string | null }>`select t.object_id as object_id, q.vote_count as vote_count
    from (select object_id from tag_rel where tag_id = ${tagId} and status = 1 order by object_id desc limit ${count}) t
    left join questions q on q.id = t.object_id and q.status in (1, 2) and ${sql.ref('q.show')} = 1
    order by t.object_id desc`.execute(db.kysely);
  return { ids: r.rows.map((x) => x.object_id), votes: r.rows.map((x) => (x.vote_count === null ? null : Number(x.vote_count))) };
}

export type QuestionRow = Selectable<QuestionsTable>;
export type AnswerRow = Selectable<AnswersTable>;

/** Questions by id (any status; callers filtered visibility already). */
export function questionsByIds(db: Db, ids: string[]): Promise<QuestionRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely.selectFrom('questions').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** The columns a question link in a list shows (search.presenter.ts `presentQuestionBase`). */
export const QUESTION_BASE_COLUMNS = ['id', 'title', 'view_count', 'answer_count', 'collection_count', 'follow_count', 'vote_count', 'status', 'accepted_answer_id', 'created_at'] as const;
export type QuestionBase = Pick<QuestionRow, (typeof QUESTION_BASE_COLUMNS)[number]>;

/**
 * Questions by id, the columns of a question link only (any status; callers filtered visibility already): without
 * the bodies, five related questions cost SQLite 290 -> ~100 us under load.
 */
export function questionBasesByIds(db: Db, ids: string[]): Promise<QuestionBase[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely.selectFrom('questions').select(QUESTION_BASE_COLUMNS).where('id', 'in', [...new Set(ids)]).execute();
}

/** Answers by id. */
export function answersByIds(db: Db, ids: string[]): Promise<AnswerRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely.selectFrom('answers').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** Id of a user by username, or undefined. */
export async function userIdByName(db: Db, username: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return r?.id;
}
