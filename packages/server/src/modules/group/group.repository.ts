/**
 * The only place of modules/group that touches Kysely: `site_groups` and `group_members` (migration 046), and the
 * set-based reconciliation of rule-made memberships (e-mail domains, directory groups of migration 040). The tables'
 * types are declared here: no other module writes them.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { GroupJoinPolicy, GroupMemberState, GroupRole, GroupVisibility } from '@quorum/contract';

/** A row of `site_groups`. */
export interface GroupRow {
  id: string;
  slug_name: string;
  display_name: string;
  description: string;
  visibility: GroupVisibility;
  join_policy: GroupJoinPolicy;
  email_domains: string;
  directory_group: string;
  member_count: number;
  created_at: number;
  updated_at: number;
}

/** A row of `group_members`. */
export interface GroupMemberRow {
  group_id: string;
  user_id: string;
  state: GroupMemberState;
  role: GroupRole;
  source: 'manual' | 'domain' | 'directory';
  created_at: number;
  updated_at: number;
}

interface GroupTables {
  site_groups: GroupRow;
  group_members: GroupMemberRow;
  directory_groups: { user_id: string; source: string; name: string };
  users: { id: string; username: string; display_name: string; avatar: string; e_mail: string; mail_status: number; status: number };
}

const k = (db: Db | Kysely<any>) => ('kysely' in db ? db.kysely : db) as unknown as Kysely<GroupTables>;

/** Every group, by display name. */
export async function allGroups(db: Db): Promise<GroupRow[]> {
  return (await k(db).selectFrom('site_groups').selectAll().orderBy('display_name').orderBy('id').execute()).map(normalise);
}

/** A group by slug (lower case) or id. */
export async function findGroup(db: Db, by: { slug?: string; id?: string }): Promise<GroupRow | undefined> {
  let q = k(db).selectFrom('site_groups').selectAll();
  q = by.id !== undefined ? q.where('id', '=', by.id) : q.where('slug_name', '=', by.slug ?? '');
  const row = await q.executeTakeFirst();
  return row ? normalise(row) : undefined;
}

function normalise(r: GroupRow): GroupRow {
  return { ...r, member_count: Number(r.member_count), created_at: Number(r.created_at), updated_at: Number(r.updated_at) };
}

/** Inserts a group. */
export async function insertGroup(db: Db, row: GroupRow): Promise<void> {
  await k(db).insertInto('site_groups').values(row).execute();
}

/** Updates a group's fields. */
export async function updateGroup(db: Db, id: string, set: Partial<Omit<GroupRow, 'id' | 'created_at'>>): Promise<void> {
  await k(db).updateTable('site_groups').set(set).where('id', '=', id).execute();
}

/** Deletes a group and its memberships. */
export async function deleteGroup(db: Db, id: string): Promise<void> {
  await k(db).deleteFrom('group_members').where('group_id', '=', id).execute();
  await k(db).deleteFrom('site_groups').where('id', '=', id).execute();
}

/** One membership row, or undefined. */
export async function membership(db: Db, groupId: string, userId: string): Promise<GroupMemberRow | undefined> {
  return k(db).selectFrom('group_members').selectAll().where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
}

/** The viewer's rows of the given groups, by group id. */
export async function membershipsOf(db: Db, userId: string): Promise<Map<string, GroupMemberRow>> {
  const rows = await k(db).selectFrom('group_members').selectAll().where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.group_id, r]));
}

/** Inserts or replaces a membership row. */
export async function putMembership(db: Db, row: GroupMemberRow): Promise<void> {
  await k(db).deleteFrom('group_members').where('group_id', '=', row.group_id).where('user_id', '=', row.user_id).execute();
  await k(db).insertInto('group_members').values(row).execute();
}

/** Changes a membership's state or role. */
export async function setMembership(db: Db, groupId: string, userId: string, set: Partial<Pick<GroupMemberRow, 'state' | 'role' | 'source' | 'updated_at'>>): Promise<void> {
  await k(db).updateTable('group_members').set(set).where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/** Removes a membership row (a member leaving, a request refused, an invitation declined). */
export async function removeMembership(db: Db, groupId: string, userId: string): Promise<void> {
  await k(db).deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/** Recounts `member_count` (active members) of one group. */
export async function recountGroup(db: Db, groupId: string): Promise<void> {
  await k(db)
    .updateTable('site_groups')
    .set({ member_count: sql<number>`(select count(*) from group_members where group_members.group_id = ${groupId} and group_members.state = 'active')` })
    .where('id', '=', groupId)
    .execute();
}

/** Members waiting for a moderator (`requested`), per group id. */
export async function pendingCounts(db: Db): Promise<Map<string, number>> {
  const rows = await k(db).selectFrom('group_members').select(['group_id', (e) => e.fn.countAll<number>().as('n')]).where('state', '=', 'requested').groupBy('group_id').execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/** A page of a group's members in one state, moderators first, then oldest first; with the total. */
export async function membersPage(db: Db, groupId: string, state: GroupMemberState, page: number, size: number): Promise<{ count: number; rows: (GroupMemberRow & { username: string; display_name: string; avatar: string })[] }> {
  const base = k(db).selectFrom('group_members').innerJoin('users', 'users.id', 'group_members.user_id').where('group_members.group_id', '=', groupId).where('group_members.state', '=', state);
  const total = await base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('group_members')
    .select(['users.username', 'users.display_name', 'users.avatar'])
    .orderBy(sql`case when group_members.role = 'moderator' then 0 else 1 end`)
    .orderBy('group_members.created_at')
    .orderBy('group_members.user_id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { count: Number(total?.n ?? 0), rows };
}

/** The groups a member is active in. */
export async function activeGroupsOf(db: Db, userId: string): Promise<GroupRow[]> {
  const rows = await k(db)
    .selectFrom('site_groups')
    .innerJoin('group_members', 'group_members.group_id', 'site_groups.id')
    .selectAll('site_groups')
    .where('group_members.user_id', '=', userId)
    .where('group_members.state', '=', 'active')
    .orderBy('site_groups.display_name')
    .execute();
  return rows.map(normalise);
}

/** A user by username (for invitations and moderation), or undefined. */
export async function userByName(db: Db, username: string): Promise<{ id: string; status: number } | undefined> {
  return k(db).selectFrom('users').select(['id', 'status']).where('username', '=', username).executeTakeFirst();
}

/** The confirmed e-mail address and the directory group names (lower case) of a member, for the rules. */
export async function identityOf(db: Db, userId: string): Promise<{ email: string; confirmed: boolean; normal: boolean; directoryGroups: Set<string> } | undefined> {
  const u = await k(db).selectFrom('users').select(['e_mail', 'mail_status', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!u) return undefined;
  const groups = await k(db).selectFrom('directory_groups').select('name').where('user_id', '=', userId).execute();
  return { email: u.e_mail.toLowerCase(), confirmed: Number(u.mail_status) === 1, normal: Number(u.status) === 1, directoryGroups: new Set(groups.map((g) => g.name.toLowerCase())) };
}

/**
 * The member ids a rule group should hold now: confirmed, normal members whose address ends in `@domain` for one of
 * the domains, or whose directory groups include the name (case-insensitive).
 */
export async function ruleMembers(db: Db, g: GroupRow): Promise<Set<string>> {
  if (g.join_policy === 'domain') {
    const domains = g.email_domains.split(',').filter(Boolean);
    if (!domains.length) return new Set();
    const rows = await k(db)
      .selectFrom('users')
      .select('id')
      .where('mail_status', '=', 1)
      .where('status', '=', 1)
      .where((e) => e.or(domains.map((d) => e(sql`lower(e_mail)`, 'like', `%@${d.replace(/[%_\\]/g, '')}`))))
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  if (g.join_policy === 'directory' && g.directory_group) {
    const rows = await k(db)
      .selectFrom('directory_groups')
      .innerJoin('users', 'users.id', 'directory_groups.user_id')
      .select('directory_groups.user_id')
      .distinct()
      .where(sql`lower(directory_groups.name)`, '=', g.directory_group.toLowerCase())
      .where('users.status', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }
  return new Set();
}

/** The current rows of a group made by its rule (source domain or directory). */
export async function ruleRows(db: Db, groupId: string): Promise<GroupMemberRow[]> {
  return k(db).selectFrom('group_members').selectAll().where('group_id', '=', groupId).where('source', '<>', 'manual').execute();
}

/** All member ids of a group, whatever their state or source. */
export async function memberIds(db: Db, groupId: string): Promise<Set<string>> {
  const rows = await k(db).selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Inserts many rule-made active rows (batches of 500). */
export async function insertRuleRows(db: Db, groupId: string, userIds: string[], source: 'domain' | 'directory', now: number): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    const values = userIds.slice(i, i + 500).map((user_id) => ({ group_id: groupId, user_id, state: 'active' as const, role: 'member' as const, source, created_at: now, updated_at: now }));
    await k(db).insertInto('group_members').values(values).execute();
  }
}

/** Deletes many membership rows of one group (batches of 500). */
export async function deleteRows(db: Db, groupId: string, userIds: string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    await k(db).deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', 'in', userIds.slice(i, i + 500)).execute();
  }
}

/** Groups by slug (lower case). */
export async function groupsBySlugs(db: Db, slugs: string[]): Promise<GroupRow[]> {
  if (!slugs.length) return [];
  return (await k(db).selectFrom('site_groups').selectAll().where('slug_name', 'in', slugs).execute()).map(normalise);
}

/** Up to `limit` active member ids of a group, oldest first. */
export async function activeMemberIds(db: Db, groupId: string, limit: number): Promise<string[]> {
  const rows = await k(db).selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('state', '=', 'active').orderBy('created_at').orderBy('user_id').limit(limit).execute();
  return rows.map((r) => r.user_id);
}
