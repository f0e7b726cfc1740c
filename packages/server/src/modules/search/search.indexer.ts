/**
 * Writes the search index (migration 002). Posts are indexed on write, in the writer's transaction
 * (`indexQuestion`, `indexAnswer`), and in bulk after imports (`indexPosts`, `reindexAll`).
 */
import { objectTypeOf, transaction, type Db } from '../../core/db/index.js';
import * as repo from './search.repository.js';
import * as rebuild from './search.rebuild.repository.js';
import { htmlText, indexText } from './tokenizer.js';

/** What indexing a question needs. */
export interface QuestionDocInput {
  id: string;
  user_id: string;
  title: string;
  /** Sanitized HTML of the body. */
  parsed_text: string;
  created_at: number;
}

/** What indexing an answer needs. */
export interface AnswerDocInput {
  id: string;
  question_id: string;
  user_id: string;
  parsed_text: string;
  created_at: number;
}

/**
 * Index text of a post body: what `content` of a search row holds.
 * @param html sanitized HTML of the body
 */
export function bodyIndexText(html: string): string {
  return indexText(htmlText(html));
}

/**
 * The search row of a question. `contentText` is the body's index text when already computed (bulk writers
 * compute it off the main thread with `bodyIndexText`).
 */
export function questionDoc(q: QuestionDocInput, contentText?: string): repo.SearchDoc {
  return { object_id: q.id, object_type: repo.DOC_QUESTION, question_id: q.id, user_id: q.user_id, created_at: q.created_at, title: indexText(q.title, 200), content: contentText ?? bodyIndexText(q.parsed_text) };
}

/** The search row of an answer (`contentText` as for questionDoc). */
export function answerDoc(a: AnswerDocInput, contentText?: string): repo.SearchDoc {
  return { object_id: a.id, object_type: repo.DOC_ANSWER, question_id: a.question_id, user_id: a.user_id, created_at: a.created_at, title: '', content: contentText ?? bodyIndexText(a.parsed_text) };
}

/**
 * Writes search rows of posts that are not indexed yet, inside the caller's transaction (bulk imports:
 * the index is then part of the same commit as the posts).
 */
export async function insertSearchDocs(tx: Db, docs: repo.SearchDoc[]): Promise<void> {
  await repo.insertDocs(tx, docs);
}

/** (Re)indexes one question; call it inside the transaction that writes the question. */
export async function indexQuestion(tx: Db, q: QuestionDocInput): Promise<void> {
  await repo.replaceDocs(tx, [questionDoc(q)]);
}

/** (Re)indexes one answer; call it inside the transaction that writes the answer. */
export async function indexAnswer(tx: Db, a: AnswerDocInput): Promise<void> {
  await repo.replaceDocs(tx, [answerDoc(a)]);
}

/** Removes posts from the index (hard deletes; soft-deleted posts are hidden by the search query itself). */
export async function unindexPosts(tx: Db, ids: string[]): Promise<void> {
  await repo.deleteDocs(tx, ids);
}

/**
 * (Re)indexes the given questions and answers (ids of other types are ignored; ids that no longer exist are
 * removed from the index). Works in transactions of 500 posts.
 * @returns number of posts indexed
 */
export async function indexPosts(db: Db, ids: string[]): Promise<number> {
  let done = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const qIds = part.filter((id) => objectTypeOf(id) === 'question');
    const aIds = part.filter((id) => objectTypeOf(id) === 'answer');
    const [qs, as] = await Promise.all([rebuild.questionSources(db, qIds), rebuild.answerSources(db, aIds)]);
    const docs = [...qs.map((q) => questionDoc(q)), ...as.map((a) => answerDoc(a))];
    await transaction(db, async (tx) => {
      await repo.deleteDocs(tx, [...qIds, ...aIds]);
      await repo.insertDocs(tx, docs);
    });
    done += docs.length;
  }
  return done;
}

/**
 * Rebuilds the whole index from the questions and answers tables (after a bulk import, or to repair it).
 * Reads in id order in batches of 1000 and writes each batch in its own transaction; on MySQL/MariaDB the
 * FULLTEXT indexes are dropped for the load and built after it (rebuild.beginBulkRebuild, rebuild.endBulkRebuild).
 * Run it without concurrent writers (restore holds the site; migrations run before serving).
 * @returns number of posts indexed
 */
export async function reindexAll(db: Db, onProgress?: (done: number) => void): Promise<number> {
  await rebuild.beginBulkRebuild(db);
  let done = 0;
  let after = '';
  for (;;) {
    const batch = await rebuild.questionBatch(db, after, 1000);
    if (!batch.length) break;
    await transaction(db, (tx) => repo.insertDocs(tx, batch.map((q) => questionDoc(q))));
    after = batch[batch.length - 1]!.id;
    done += batch.length;
    onProgress?.(done);
  }
  after = '';
  for (;;) {
    const batch = await rebuild.answerBatch(db, after, 1000);
    if (!batch.length) break;
    await transaction(db, (tx) => repo.insertDocs(tx, batch.map((a) => answerDoc(a))));
    after = batch[batch.length - 1]!.id;
    done += batch.length;
    onProgress?.(done);
  }
  await rebuild.endBulkRebuild(db);
  return done;
}
