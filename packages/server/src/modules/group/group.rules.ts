/**
 * The rule-made memberships of groups (issue #38 item 1): a `domain` group holds the members whose confirmed e-mail
 * address is at one of its domains, a `directory` group those whose last directory login (LDAP, SAML: the rows of
 * `directory_groups`, migration 040) reported its directory group. Rows a rule made carry its name as `source`; a
 * member who was in the group by hand stays a manual member.
 *
 * When they run: `syncGroupRule` after an admin saves a group (the whole group, set-based), `syncMemberGroups` for
 * one member on the `member.identity` event (an address confirmed or changed, a directory login) and on `user.created`
 * (an admin's bulk add is confirmed at once). Both write the database, so every node sees the result at once.
 */
import type { Db } from '../../core/db/index.js';
import type { AppContext } from '../../core/context.js';
import { eventBus } from '../../core/events.js';
import * as repo from './group.repository.js';

/** True for groups whose members come from a rule (`domain`, `directory`). */
export function isRuleGroup(g: repo.GroupRow): boolean {
  return g.join_policy === 'domain' || g.join_policy === 'directory';
}

/** The `source` a group's rule writes. */
const ruleSource = (g: repo.GroupRow) => (g.join_policy === 'domain' ? 'domain' : 'directory') as 'domain' | 'directory';

/**
 * Brings one group's rule-made rows up to date: adds the members the rule selects who have no row, removes rule-made
 * rows the rule no longer selects; for a group that no longer has a rule, its rule-made rows become manual.
 */
export async function syncGroupRule(db: Db, g: repo.GroupRow, now: number): Promise<void> {
  const made = await repo.ruleRows(db, g.id);
  if (!isRuleGroup(g)) {
    for (const r of made) await repo.setMembership(db, g.id, r.user_id, { source: 'manual', updated_at: now });
    return;
  }
  const should = await repo.ruleMembers(db, g);
  const have = await repo.memberIds(db, g.id);
  await repo.deleteRows(db, g.id, made.filter((r) => !should.has(r.user_id) || r.source !== ruleSource(g)).map((r) => r.user_id));
  const kept = new Set(made.filter((r) => should.has(r.user_id) && r.source === ruleSource(g)).map((r) => r.user_id));
  const madeIds = new Set(made.map((r) => r.user_id));
  // New to the group, or a rule-made row just deleted for another rule's source: O(members), not O(members²).
  const add = [...should].filter((id) => !have.has(id) || (madeIds.has(id) && !kept.has(id)));
  await repo.insertRuleRows(db, g.id, add, ruleSource(g), now);
  await repo.recountGroup(db, g.id);
}

/** True when the rule of `g` selects a member with this identity. */
function selects(g: repo.GroupRow, who: NonNullable<Awaited<ReturnType<typeof repo.identityOf>>>): boolean {
  if (!who.normal) return false;
  if (g.join_policy === 'domain') return who.confirmed && g.email_domains.split(',').some((d) => d && who.email.endsWith(`@${d}`));
  if (g.join_policy === 'directory') return g.directory_group !== '' && who.directoryGroups.has(g.directory_group.toLowerCase());
  return false;
}

/** Brings one member's rule-made rows up to date in every rule group. */
export async function syncMemberGroups(db: Db, userId: string, now: number): Promise<void> {
  const who = await repo.identityOf(db, userId);
  if (!who) return;
  const rows = await repo.membershipsOf(db, userId);
  for (const g of (await repo.allGroups(db)).filter(isRuleGroup)) {
    const row = rows.get(g.id);
    const want = selects(g, who);
    if (want && !row) await repo.insertRuleRows(db, g.id, [userId], ruleSource(g), now);
    else if (!want && row && row.source !== 'manual') await repo.removeMembership(db, g.id, userId);
    else continue;
    await repo.recountGroup(db, g.id);
  }
}

/** Subscribes the member sync to the domain events that change what the rules see. */
export function startGroupRules(ctx: AppContext): void {
  eventBus(ctx).onDomain(async (e) => {
    if ((e.type === 'member.identity' || e.type === 'user.created') && ctx.database) await syncMemberGroups(ctx.database, e.user_id, Math.floor(Date.now() / 1000));
  });
}
