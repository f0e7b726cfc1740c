/**
 * What GET /question/info shows of a question besides its own row and the viewer's state: its tags, its author
 * and last editor, its first answer. Each is a statement of its own (~120 us of a ~0.7 ms logged-in call under
 * load on SQLite at 20k questions, docs/BENCHMARKS.md) and the same for every viewer, so they are kept
 * (core/contentcache.ts) under a key that changes with what they depend on:
 *   - tags: the question's `updated_at` (every edit of its tags sets it) and this process's writes to `tags` and
 *     `tag_rel` (renames, synonyms, merges; core/db/writewatch.ts); the settings' recommended and reserved tags
 *     clear the cache when saved;
 *   - the first answer: the question's `answer_count` (an answer added, deleted or restored changes it);
 *   - the author and editor: their ids and this process's writes to `users` (names, avatars, reputation);
 *   - the editor count of a community wiki question: its `updated_at` (every applied edit sets it) and `wiki_at`.
 * Writes made by another worker process or node clear the cache when they are content writes (relayed as the
 * micro-cache's clears are); other writes there (a tag renamed, a profile saved) show within MAX_AGE_MS.
 * The question row itself is kept apart (`questionRow`): any write to `questions` by this process drops it, content
 * writes anywhere clear it, and other writes elsewhere (a follow counted on another node) show within
 * ROW_MAX_AGE_MS. The view-count flush drops the rows of the questions it wrote only (`forgetQuestionRows`; its
 * updates do not move the table's generation, core/db/writewatch.ts), not every row kept.
 */
import type { AppContext } from '../../core/context.js';
import { requireDb } from '../../core/context.js';
import { ContentCache } from '../../core/contentcache.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { findUsersByIds, type UserRow } from '../user/index.js';
import * as repo from './question.repository.js';
import { wikiEditorCounts } from '../wiki/wiki.repository.js';

/** Longest the parts are kept without a write clearing them, in milliseconds. */
export const MAX_AGE_MS = 10_000;

/** The parts (see the file header). */
export interface InfoParts {
  /** Presented tags of the question, in order. */
  tags: Record<string, unknown>[];
  /** Author and last editor by id. */
  users: Map<string, UserRow>;
  /** Id of the first available answer, '' when none. */
  firstAnswerId: string;
  /** How many members wrote its approved revisions when it is community wiki (modules/wiki), else 0. */
  wikiEditors: number;
}

const parts = new ContentCache<InfoParts>('question-info-parts', ['questions', 'answers', 'tags', 'tag_rel', 'users'], MAX_AGE_MS, 5000);

/** Longest a question row is kept without a write dropping it, in milliseconds. */
export const ROW_MAX_AGE_MS = 5_000;

/**
 * Approximate heap bytes of a kept question row: its body's characters and a fixed cost (2.7 KB measured for a row
 * with 1,400 characters of body on the bench site).
 */
function weighRow(q: repo.QuestionRow | undefined): number {
  return q ? 1300 + q.original_text.length + q.parsed_text.length : 100;
}

/** Rows kept: at most 10,000, and at most 24 MB of them (~8,800 rows of the bench site). */
const rows = new ContentCache<repo.QuestionRow | undefined>('question-rows', ['questions'], ROW_MAX_AGE_MS, 10_000, { weigh: weighRow, max: 24 * 2 ** 20 });

/**
 * The row of question `id` (any status), or undefined, from the cache or read (see the file header). Frozen: it is
 * shared by the calls that read it. Callers check visibility themselves.
 */
export function questionRow(ctx: AppContext, id: string): Promise<repo.QuestionRow | undefined> {
  const db = requireDb(ctx);
  const key = db.writes ? `${id}|${db.writes.generation('questions')}` : null;
  return rows.get(db, key, async () => {
    const q = await repo.findQuestion(db, id);
    return q && Object.freeze(q);
  });
}

/** Drops the kept rows of questions `ids` (their view counts were just written). */
export function forgetQuestionRows(ctx: AppContext, ids: readonly string[]): void {
  const db = ctx.database;
  if (!db?.writes) return;
  const generation = db.writes.generation('questions');
  for (const id of ids) rows.delete(db, `${id}|${generation}`);
}

/** The info parts of question row `q`, from the cache or read (see the file header). */
export function questionInfoParts(ctx: AppContext, q: repo.QuestionRow): Promise<InfoParts> {
  const db = requireDb(ctx);
  const key = db.writes ? `${q.id}|${q.updated_at}|${q.answer_count}|${q.user_id}|${q.last_edit_user_id}|${q.wiki_at}|${db.writes.generation('tags', 'tag_rel', 'users')}` : null;
  return parts.get(db, key, async () => {
    const [tags, users, firstAnswerId, editors] = await Promise.all([
      presentTagsOfQuestions(ctx, [q.id]), findUsersByIds(db, [q.user_id, q.last_edit_user_id]), repo.firstAnswerId(db, q.id), wikiEditorCounts(db, q.wiki_at > 0 ? [q.id] : []),
    ]);
    return { tags: tags.get(q.id) ?? [], users, firstAnswerId, wikiEditors: editors.get(q.id) ?? 0 };
  });
}
