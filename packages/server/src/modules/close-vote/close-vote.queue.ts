/**
 * The close-votes review queue (GET /question/close-vote/page, and its count in GET /reviewing/type): open
 * questions with live close votes, for members who may vote, without those they already voted on or left open this
 * round and those that `votes_needed` members left open. Most votes first, then the oldest first vote.
 */
import { urlTitle, type CloseVotePageQuery, type CloseVoteQueueItem } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import type { UserRow } from '../../core/auth/index.js';
import { closeReason } from '../reason/index.js';
import { findUsersByIds } from '../user/index.js';
import { findQuestion } from '../question/question.repository.js';
import { questionExcerpt } from '../question/question.excerpt.js';
import { closeVoteSettings, liveSince, mayVote, requireVotePrivilege } from './close-vote.settings.js';
import * as repo from './close-vote.repository.js';

/** `[{name: 'close_vote', todo_amount}]` for members who may vote, else nothing (GET /reviewing/type). */
export async function closeVoteQueueCounts(ctx: AppContext, user: UserRow): Promise<Array<{ name: 'close_vote'; todo_amount: number }>> {
  const s = await closeVoteSettings(ctx);
  if (!(await mayVote(ctx, user, s))) return [];
  return [{ name: 'close_vote', todo_amount: await repo.queueCount(requireDb(ctx), user.id, liveSince(s, nowSeconds()), s.votes_needed) }];
}

/**
 * A page of the queue: `{count, list: CloseVoteQueueItem[]}`.
 * @throws 403 without the close privilege
 */
export async function closeVoteQueuePage(ctx: AppContext, user: UserRow, q: CloseVotePageQuery, lang: string): Promise<{ count: number; list: CloseVoteQueueItem[] }> {
  const s = await closeVoteSettings(ctx);
  await requireVotePrivilege(ctx, user, s);
  const db = requireDb(ctx);
  const since = liveSince(s, nowSeconds());
  const [rows, count] = await Promise.all([repo.queuePage(db, user.id, since, s.votes_needed, (q.page - 1) * q.page_size, q.page_size), repo.queueCount(db, user.id, since, s.votes_needed)]);
  const list: CloseVoteQueueItem[] = [];
  for (const r of rows) {
    const question = await findQuestion(db, r.question_id);
    const round = await repo.findRound(db, r.question_id);
    if (!question || !round) continue;
    const votes = await repo.liveVotes(db, r.question_id, round.round, 'close', since);
    const authors = await findUsersByIds(db, [question.user_id]);
    const author = authors.get(question.user_id);
    const byType = new Map<number, { close_type: number; name: string; count: number; close_msg: string }>();
    for (const v of votes) {
      const reason = closeReason(v.close_type);
      const g = byType.get(v.close_type) ?? { close_type: v.close_type, name: reason ? translate(`${reason.key}.name`, lang) : '', count: 0, close_msg: v.close_msg };
      g.count++;
      byType.set(v.close_type, g);
    }
    list.push({
      question: {
        id: question.id,
        title: question.title,
        url_title: urlTitle(question.title),
        excerpt: questionExcerpt(question.parsed_text, 240),
        created_at: Number(question.created_at),
        status: question.status,
        author: { username: author?.username ?? '', display_name: author ? author.display_name || author.username : '' },
      },
      count: votes.length,
      needed: s.votes_needed,
      reasons: [...byType.values()].sort((a, b) => b.count - a.count),
      first_vote_at: r.first_at,
    });
  }
  return { count, list };
}
