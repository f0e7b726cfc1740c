/**
 * The Recommend tab (GET /question/recommend/page, and GET /question/page?order=recommend). Answer's rule: a
 * logged-in user's followed questions, then the open questions carrying a tag they follow that they neither
 * asked nor answered, pinned first, newest first; nothing when they follow nothing; 401 for anonymous callers
 * (Answer's QuestionRecommendPage refuses them although the route is public).
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { answerAuthors } from './question.lookup.js';
import { presentListItem } from './question.presenter.js';
import * as repo from './question.recommend.repository.js';

/** One page of the questions recommended to `viewer`: `{count, list}` of question list items. */
export async function recommendedPage(ctx: AppContext, viewer: UserRow, q: { page: number; page_size: number }): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const { tagIds, questionIds } = await repo.followedIds(db, viewer.id);
  if (!tagIds.length && !questionIds.length) return { count: 0, list: [] };
  const [rows, count] = await Promise.all([
    repo.listRecommended(db, viewer.id, tagIds, questionIds, (q.page - 1) * q.page_size, q.page_size),
    repo.countRecommended(db, viewer.id, tagIds, questionIds),
  ]);
  const authorsOfLast = await answerAuthors(ctx, rows.map((r) => r.last_answer_id).filter(Boolean));
  const [tags, users] = await Promise.all([
    presentTagsOfQuestions(ctx, rows.map((r) => r.id)),
    findUsersByIds(db, [...rows.map((r) => r.user_id), ...authorsOfLast.values()]),
  ]);
  return { count, list: rows.map((r) => presentListItem(r, tags.get(r.id) ?? [], users.get(r.user_id), users.get(authorsOfLast.get(r.last_answer_id) ?? ''))) };
}
