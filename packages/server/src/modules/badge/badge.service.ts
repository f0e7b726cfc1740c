/**
 * Badge reads and the admin status switch (Answer's badge and admin badge calls). Definitions are data
 * (badge.data.ts); award counts come from `badge_awards`; a badge an administrator switched off is listed to
 * them but hidden from the public calls and no longer awarded (held awards stay).
 */
import type { AdminBadgePageQuery, BadgeAwardPageQuery, BadgeStatusReq } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { BADGES, badgeById, type BadgeDef } from './badge.data.js';
import { badgeDescription, groupName, presentAward, presentBadgeBase } from './badge.presenter.js';
import * as repo from './badge.repository.js';

async function statuses(ctx: AppContext): Promise<(d: BadgeDef) => 'active' | 'inactive'> {
  const rows = await repo.statusRows(requireDb(ctx));
  return (d) => (rows.get(d.id) === 'inactive' ? 'inactive' : 'active');
}

/** An active badge by id. @throws 404 `error.badge.not_found` when unknown or switched off */
async function activeBadge(ctx: AppContext, id: string): Promise<BadgeDef> {
  const d = badgeById(id);
  if (!d || (await statuses(ctx))(d) === 'inactive') throw notFound('error.object.not_found');
  return d;
}

/**
 * GET /badges: active badges by group `[{group_name, badges: [{id, name, icon, award_count, earned_count, level}]}]`;
 * `earned_count` is how many times the viewer earned each (0 anonymous).
 */
export async function badgesByGroup(ctx: AppContext, viewer: UserRow | undefined, lang: string): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const [status, counts, mine] = await Promise.all([statuses(ctx), repo.awardCounts(db), viewer ? repo.userAwardCounts(db, viewer.id) : Promise.resolve(new Map<string, number>())]);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const d of BADGES) {
    if (status(d) === 'inactive') continue;
    const list = groups.get(d.group) ?? [];
    list.push({ ...presentBadgeBase(d, lang), award_count: counts.get(d.id) ?? 0, earned_count: mine.get(d.id) ?? 0 });
    groups.set(d.group, list);
  }
  return [...groups].map(([g, badges]) => ({ group_name: groupName(g as BadgeDef['group'], lang), badges }));
}

/** GET /badge?id=: `{id, name, description, icon, award_count, earned_count, is_single, level}`. @throws 404 */
export async function badgeInfo(ctx: AppContext, id: string, viewer: UserRow | undefined, lang: string): Promise<Record<string, unknown>> {
  const d = await activeBadge(ctx, id);
  const db = requireDb(ctx);
  const [counts, mine] = await Promise.all([repo.awardCounts(db), viewer ? repo.userAwardCounts(db, viewer.id) : Promise.resolve(new Map<string, number>())]);
  return { ...presentBadgeBase(d, lang), description: badgeDescription(d, lang), award_count: counts.get(d.id) ?? 0, earned_count: mine.get(d.id) ?? 0, is_single: d.single };
}

/** GET /badge/awards/page: who earned a badge, newest first, optionally of one username. @throws 404 unknown badge */
export async function badgeAwardPage(ctx: AppContext, q: BadgeAwardPageQuery): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const d = await activeBadge(ctx, q.badge_id);
  const db = requireDb(ctx);
  const userId = q.username ? await repo.userIdByUsername(db, q.username) : undefined;
  const { rows, count } = await repo.awardPage(db, d.id, userId, (q.page - 1) * q.page_size, q.page_size);
  const [posts, users] = await Promise.all([repo.postRefs(db, rows.map((r) => r.award_key)), findUsersByIds(db, rows.map((r) => r.user_id))]);
  return { count, list: rows.map((r) => presentAward(r, posts, users)) };
}

/**
 * GET /badge/user/awards and /recent (limit 10): a member's badges, most recently earned first, as Answer's page
 * model `{count, list: [{id, name, icon, earned_count, level}]}`; an unknown username has none.
 */
export async function userAwards(ctx: AppContext, username: string, lang: string, limit?: number): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const userId = await repo.userIdByUsername(db, username);
  if (!userId) return { count: 0, list: [] };
  const status = await statuses(ctx);
  const rows = (await repo.userBadges(db, userId)).filter((r) => {
    const d = badgeById(r.badge_id);
    return d && status(d) === 'active';
  });
  const shown = limit ? rows.slice(0, limit) : rows;
  return { count: rows.length, list: shown.map((r) => ({ ...presentBadgeBase(badgeById(r.badge_id)!, lang), earned_count: r.n })) };
}

/**
 * GET /admin/api/badges: every badge with its status, filtered by status and a name/description search, as a page
 * `{count, list: [{id, name, description, icon, award_count, earned, level, group_name, status}]}`.
 */
export async function adminBadgePage(ctx: AppContext, q: AdminBadgePageQuery, lang: string): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const [status, counts] = await Promise.all([statuses(ctx), repo.awardCounts(requireDb(ctx))]);
  const needle = q.q.toLowerCase();
  const all = BADGES.map((d) => ({
    ...presentBadgeBase(d, lang),
    description: badgeDescription(d, lang),
    award_count: counts.get(d.id) ?? 0,
    earned: (counts.get(d.id) ?? 0) > 0,
    group_name: groupName(d.group, lang),
    status: status(d),
  })).filter((b) => (!q.status || b.status === q.status) && (!needle || b.name.toLowerCase().includes(needle) || b.description.toLowerCase().includes(needle)));
  const start = (q.page - 1) * q.page_size;
  return { count: all.length, list: all.slice(start, start + q.page_size) };
}

/** PUT /admin/api/badge/status: switches a badge on or off. @throws 404 unknown badge */
export async function setBadgeStatus(ctx: AppContext, input: BadgeStatusReq): Promise<void> {
  if (!badgeById(input.id)) throw notFound('error.object.not_found');
  await repo.setStatus(requireDb(ctx), input.id, input.status);
}
