/**
 * Group mentions (issue #38 item 1: "group mentions notify the group"): `@slug` in a comment, where `slug` is a
 * group's short name and no member has that username, notifies the group's active members, like `@username`
 * notifies one member. Only those who may speak for a group can mention it: its active members and the site's
 * staff (moderators, admins); a group the author may not see is never mentioned. At most GROUP_MENTION_MEMBERS
 * members of one group are told (the longest-standing first), so one comment cannot mail a whole company.
 */
import type { Db } from '../../core/db/index.js';
import { isStaff, type UserRow } from '../user/index.js';
import * as repo from './group.repository.js';
import { canSee } from './group.service.js';

/** The most members of one group a mention notifies. */
export const GROUP_MENTION_MEMBERS = 100;

/**
 * Of `names` (lower case, none of them a username), the groups `author` may mention, and the members to notify.
 * @returns `slugs` to link to their group pages, `memberIds` (distinct, never the author) to notify
 */
export async function mentionedGroups(db: Db, author: UserRow, names: string[]): Promise<{ slugs: Set<string>; memberIds: string[] }> {
  const slugs = new Set<string>();
  const ids = new Set<string>();
  const groups = await repo.groupsBySlugs(db, names);
  if (!groups.length) return { slugs, memberIds: [] };
  const mine = await repo.membershipsOf(db, author.id);
  for (const g of groups) {
    const m = mine.get(g.id);
    if (!canSee(g, author, m)) continue;
    if (!(m?.state === 'active' || isStaff(author))) continue;
    slugs.add(g.slug_name);
    for (const id of await repo.activeMemberIds(db, g.id, GROUP_MENTION_MEMBERS)) if (id !== author.id) ids.add(id);
  }
  return { slugs, memberIds: [...ids] };
}
