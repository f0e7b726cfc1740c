/**
 * The wiki state of questions and answers (`wiki_at`, migration 033) and the count of a wiki post's editors
 * (distinct authors of its approved revisions). The only file of modules/wiki that builds queries.
 */
import type { Db } from '../../core/db/index.js';

/** A question or an answer as the wiki call needs it. */
export interface WikiPost {
  id: string;
  type: 'question' | 'answer';
  user_id: string;
  status: number;
  /** 0, or unix seconds of when it became community wiki. */
  wiki_at: number;
  /** The question of the post (the post itself for a question). */
  question_id: string;
  /** The title of that question (for the author's notification). */
  title: string;
}

/** The question or answer `id`, or undefined. */
export async function findPost(db: Db, type: WikiPost['type'], id: string): Promise<WikiPost | undefined> {
  if (type === 'question') {
    const r = await db.kysely.selectFrom('questions').select(['id', 'user_id', 'status', 'wiki_at', 'title']).where('id', '=', id).executeTakeFirst();
    return r && { ...r, type, question_id: r.id };
  }
  const r = await db.kysely
    .selectFrom('answers')
    .leftJoin('questions', 'questions.id', 'answers.question_id')
    .select(['answers.id', 'answers.user_id', 'answers.status', 'answers.wiki_at', 'answers.question_id', 'questions.title'])
    .where('answers.id', '=', id)
    .executeTakeFirst();
  return r && { ...r, title: r.title ?? '', type };
}

/**
 * Sets the post's `wiki_at` (0 = an ordinary post again) when it differs; `updated_at` is left alone (becoming wiki
 * is not an edit of the text).
 * @returns whether the row changed (false when a concurrent call set it first)
 */
export async function setWikiAt(db: Db, post: WikiPost, wikiAt: number): Promise<boolean> {
  const table = post.type === 'question' ? 'questions' : 'answers';
  const r = await db.kysely
    .updateTable(table)
    .set({ wiki_at: wikiAt })
    .where('id', '=', post.id)
    .where('wiki_at', wikiAt ? '=' : '>', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * How many members wrote the approved revisions of each post of `ids` (its author's first revision included):
 * post id -> count. Posts without revisions are absent. No query for an empty list.
 */
export async function wikiEditorCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom('revisions')
    .select(['object_id', (eb) => eb.fn.count<number>('user_id').distinct().as('n')])
    .where('object_id', 'in', [...ids])
    .where('status', '=', 2)
    .groupBy('object_id')
    .execute();
  return new Map(rows.map((r) => [r.object_id, Number(r.n)]));
}
