/**
 * A page of a question's answers as GET /answer/page reads it (the answer rows, their count, their authors and
 * editors), kept for the next readers of the same page: the rows carry the bodies, and reading them and their
 * authors was ~60% of a logged-in answer/page call's statements under load (SQLite, 20k questions;
 * docs/BENCHMARKS.md). Kept (core/contentcache.ts) under a key of the question, order, page, the reader's scope
 * (anonymous, member, moderator; a member's own pending answers make the member's page their own) and this
 * process's writes to `answers` and `users` (core/db/writewatch.ts): any answer written here, a vote, an
 * acceptance, a profile saved, drops it at once. Content writes on other processes and nodes clear it as they
 * clear the micro-cache; other writes there show within MAX_AGE_MS. The viewer's own votes and bookmarks are
 * never kept here.
 */
import type { AppContext } from '../../core/context.js';
import { requireDb } from '../../core/context.js';
import { ContentCache } from '../../core/contentcache.js';
import { findUsersByIds, type UserRow } from '../user/index.js';
import * as repo from './answer.repository.js';
import { wikiEditorCounts } from '../wiki/wiki.repository.js';

/** Longest a page is kept without a write clearing it, in milliseconds. */
export const MAX_AGE_MS = 10_000;

/** A page of answers and what presenting it reads besides the viewer's state. */
export interface AnswerPageRows {
  rows: readonly repo.AnswerRow[];
  /** Answers of the question in the scope (all pages). */
  count: number;
  /** Authors and last editors of the page's answers, by id. */
  users: Map<string, UserRow>;
  /** Editor counts of the page's community wiki answers (modules/wiki), by id; an edit writes `answers`. */
  wikiEditors: ReadonlyMap<string, number>;
}

/**
 * Pages kept per database handle, the memory they may take (approximate bytes, `weighPage`) and the largest page
 * kept (rows). The memory bound decides on real sites: ~4,700 pages of two answers of a few paragraphs each, far
 * fewer long threads. A bound of 2,000 pages (and so up to 100,000 answers) instead kept 72% of the logged-in reads
 * of the Zipf traffic bench where 40 MB keep ~80% (docs/BENCHMARKS.md "Thirteenth round").
 */
const MAX_PAGES = 20_000;
const MAX_PAGE_BYTES = 40 * 2 ** 20;
const MAX_ROWS = 50;

/**
 * Approximate heap bytes of a kept page: its bodies' characters and a fixed cost per answer row and per user row,
 * fitted to the bench site (8.2 KB measured for a page of two answers with 2,900 characters of body and their
 * authors). Bodies in a two-byte script take up to twice their share.
 */
function weighPage(p: AnswerPageRows): number {
  let n = 500 + 1500 * p.users.size;
  for (const r of p.rows) n += 1000 + r.original_text.length + r.parsed_text.length;
  return n;
}

const pages = new ContentCache<AnswerPageRows>('answer-pages', ['answers', 'users'], MAX_AGE_MS, MAX_PAGES, { weigh: weighPage, max: MAX_PAGE_BYTES });
/** Who has an answer pending on a question: a few ids at most, usually none. */
const pendingAuthors = new ContentCache<ReadonlySet<string>>('answer-pending-authors', ['answers'], MAX_AGE_MS, MAX_PAGES);

/**
 * Whether member `viewerId` has an answer waiting for review on question `questionId` (what makes their page differ
 * from an anonymous reader's), from the cache or read.
 */
function hasPendingAnswer(db: ReturnType<typeof requireDb>, questionId: string, viewerId: string): Promise<boolean> {
  const key = db.writes ? `${questionId}|${db.writes.generation('answers')}` : null;
  return pendingAuthors.get(db, key, async () => new Set(await repo.pendingAnswerAuthors(db, questionId))).then((authors) => authors.has(viewerId));
}

/**
 * The answers of page (`offset`, `limit`) of question `questionId` in `scope` and order `order`, from the cache or
 * read (see the file header); pages of more than MAX_ROWS are not kept. Rows are frozen: they are shared by every
 * reader of the page.
 */
export async function answerPageRows(ctx: AppContext, questionId: string, order: repo.AnswerOrder, offset: number, limit: number, scope: repo.AnswerScope): Promise<AnswerPageRows> {
  const db = requireDb(ctx);
  if (!scope.moderator && scope.viewerId && !(await hasPendingAnswer(db, questionId, scope.viewerId))) scope = { moderator: false };
  const kind = scope.moderator ? 'moderator' : scope.viewerId ? `member:${scope.viewerId}` : 'anonymous';
  const key = db.writes && limit <= MAX_ROWS ? `${questionId}|${order}|${offset}|${limit}|${kind}|${db.writes.generation('answers', 'users')}` : null;
  return pages.get(db, key, async () => {
    const rows = await repo.listAnswers(db, questionId, order, offset, limit, scope);
    // A first page that is not full holds them all: no count needed (most questions; a statement saved).
    const count = offset === 0 && rows.length < limit ? rows.length : await repo.countAnswers(db, questionId, scope);
    const users = await findUsersByIds(db, rows.flatMap((r) => [r.user_id, r.last_edit_user_id]));
    const wikiEditors = await wikiEditorCounts(db, rows.filter((r) => r.wiki_at > 0).map((r) => r.id));
    for (const r of rows) Object.freeze(r);
    return { rows, count, users, wikiEditors };
  });
}
