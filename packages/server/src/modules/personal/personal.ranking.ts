/**
 * GET /user/ranking (Answer's UserRankingResp): the users who gained the most reputation and who voted the most
 * in the last RANKING_DAYS days, and the staff (admins and moderators). On a quiet site with no reputation
 * gained in the period, the first list falls back to the highest reputations overall. Only listed members appear
 * (personal.directory.ts `isListed`: never a suspended, deleted, pending or not activated one).
 */
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './personal.repository.js';
import { isListed } from './personal.directory.js';

export const RANKING_DAYS = 7;
export const RANKING_SIZE = 20;

function simple(u: UserRow, voteCount: number): Record<string, unknown> {
  const b = presentBasicUser(u);
  return { username: u.username, display_name: b.display_name, avatar: b.avatar, rank: u.rank, vote_count: voteCount };
}

/** The three ranking lists, each at most RANKING_SIZE users. Six queries. */
export async function userRanking(ctx: AppContext): Promise<Record<string, Record<string, unknown>[]>> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const since = now - RANKING_DAYS * 86400;
  const [gains, voters, staff] = await Promise.all([repo.topReputationGains(db, since, RANKING_SIZE), repo.topVoters(db, since, RANKING_SIZE), repo.staffIds(db, RANKING_SIZE, now)]);
  const repIds = gains.length ? gains.map((g) => g.user_id) : await repo.topRankIds(db, RANKING_SIZE, now);
  const users = await findUsersByIds(db, [...repIds, ...voters.map((v) => v.user_id), ...staff]);
  const votes = new Map(voters.map((v) => [v.user_id, v.n]));
  const live = (id: string) => {
    const u = users.get(id);
    return u && isListed(u, now) ? u : undefined;
  };
  const list = (ids: string[]) => ids.map(live).filter((u): u is UserRow => !!u).map((u) => simple(u, votes.get(u.id) ?? 0));
  return {
    users_with_the_most_reputation: list(repIds),
    users_with_the_most_vote: list(voters.map((v) => v.user_id)),
    staffs: list(staff),
  };
}
