/**
 * The Recommend tab (GET /question/recommend/page, and GET /question/page?order=recommend). Answer's rule: a
 * logged-in user's followed questions, then the open questions carrying a tag they follow that they neither
 * asked nor answered, pinned first, newest first; nothing when they follow nothing; 401 for anonymous callers
 * (Answer's QuestionRecommendPage refuses them although the route is public).
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentQuestionRows } from './question.list.js';
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
  return { count, list: await presentQuestionRows(ctx, rows, 'recommend') };
}
