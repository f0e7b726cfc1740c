/**
 * Groups (issue #38 item 1; docs/API.md "Groups"): who sees a group, who may join it and how, who manages it, and
 * the rule-made memberships of `domain` and `directory` groups. Every permission is decided here, on the server:
 * - a group is seen by anyone (`public`), by logged-in members (`members`), or only by those with a row in it and by
 *   admins (`hidden`); a group one may not see answers 404, as if it did not exist;
 * - its members are managed (requests approved, invitations sent, members removed) by its moderators and by admins;
 *   only admins create, change or delete groups and appoint group moderators (each recorded in the admin audit log);
 * - rule groups are kept by the rules: a member is in a `domain` group while their confirmed address is at one of its
 *   domains, in a `directory` group while their last directory login reported its directory group. Nobody joins or
 *   leaves them by hand.
 */
import { Role, type AdminGroupInfo, type GroupInfo, type GroupMemberInfo, type GroupMemberState, type GroupSaveReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { badRequest, fieldError, forbidden, notFound } from '../../core/errors.js';
import { recordAdminAction } from '../audit/index.js';
import type { UserRow } from '../user/index.js';
import * as repo from './group.repository.js';
import { syncGroupRule, isRuleGroup } from './group.rules.js';

type Viewer = UserRow | undefined;

const isAdmin = (v: Viewer) => v?.role_id === Role.admin;

/** True when `viewer` may see `g` (`m` is the viewer's row in it). */
export function canSee(g: repo.GroupRow, viewer: Viewer, m: repo.GroupMemberRow | undefined): boolean {
  if (g.visibility === 'public') return true;
  if (!viewer) return false;
  if (g.visibility === 'members') return true;
  return Boolean(m) || isAdmin(viewer);
}

/** True when `viewer` may manage `g`'s members: an admin, or an active moderator of the group. */
export function canManage(viewer: Viewer, m: repo.GroupMemberRow | undefined): boolean {
  return isAdmin(viewer) || (m?.state === 'active' && m.role === 'moderator');
}

function present(g: repo.GroupRow, viewer: Viewer, m: repo.GroupMemberRow | undefined): GroupInfo {
  return {
    id: g.id,
    slug_name: g.slug_name,
    display_name: g.display_name,
    description: g.description,
    visibility: g.visibility,
    join_policy: g.join_policy,
    member_count: g.member_count,
    my_state: m?.state ?? '',
    my_role: m?.state === 'active' ? m.role : '',
    can_manage: canManage(viewer, m),
    created_at: g.created_at,
  };
}

/** GET /groups: the groups the viewer may see, by name. */
export async function listGroups(ctx: AppContext, viewer: Viewer): Promise<GroupInfo[]> {
  const db = requireDb(ctx);
  const mine = viewer ? await repo.membershipsOf(db, viewer.id) : new Map<string, repo.GroupMemberRow>();
  return (await repo.allGroups(db)).filter((g) => canSee(g, viewer, mine.get(g.id))).map((g) => present(g, viewer, mine.get(g.id)));
}

/** A group the viewer may see, with the viewer's row. @throws 404 `error.group.not_found` otherwise */
async function visibleGroup(ctx: AppContext, viewer: Viewer, slug: string): Promise<{ g: repo.GroupRow; m: repo.GroupMemberRow | undefined }> {
  const db = requireDb(ctx);
  const g = await repo.findGroup(db, { slug: slug.toLowerCase() });
  const m = g && viewer ? await repo.membership(db, g.id, viewer.id) : undefined;
  if (!g || !canSee(g, viewer, m)) throw notFound('error.group.not_found');
  return { g, m };
}

/** GET /group: one group. */
export async function getGroup(ctx: AppContext, viewer: Viewer, slug: string): Promise<GroupInfo> {
  const { g, m } = await visibleGroup(ctx, viewer, slug);
  return present(g, viewer, m);
}

/**
 * GET /group/members: a page of a group's members. `requested` and `invited` lists are for those who manage it.
 * @throws 404 for a group the viewer may not see; 403 for the pending lists without the right
 */
export async function groupMembers(ctx: AppContext, viewer: Viewer, slug: string, state: GroupMemberState, page: number, size: number): Promise<{ count: number; list: GroupMemberInfo[] }> {
  const { g, m } = await visibleGroup(ctx, viewer, slug);
  if (state !== 'active' && !canManage(viewer, m)) throw forbidden();
  const { count, rows } = await repo.membersPage(requireDb(ctx), g.id, state, page, size);
  return {
    count,
    list: rows.map((r) => ({ user: { id: r.user_id, username: r.username, display_name: r.display_name, avatar: r.avatar }, role: r.role, state: r.state, source: r.source, created_at: Number(r.created_at) })),
  };
}

/** GET /personal/groups: the groups `userId` is active in that the viewer may see. */
export async function groupsOfMember(ctx: AppContext, viewer: Viewer, userId: string): Promise<GroupInfo[]> {
  const db = requireDb(ctx);
  const mine = viewer ? await repo.membershipsOf(db, viewer.id) : new Map<string, repo.GroupMemberRow>();
  return (await repo.activeGroupsOf(db, userId)).filter((g) => canSee(g, viewer, mine.get(g.id))).map((g) => present(g, viewer, mine.get(g.id)));
}

/**
 * POST /group/join: `open` makes the viewer a member, `request` files a request, `invitation` accepts the viewer's
 * invitation. @returns the viewer's state afterwards
 * @throws 403 `error.group.invitation_only` without an invitation; 400 `error.group.automatic` for rule groups
 */
export async function joinGroup(ctx: AppContext, viewer: UserRow, slug: string): Promise<GroupInfo> {
  const db = requireDb(ctx);
  const { g, m } = await visibleGroup(ctx, viewer, slug);
  if (isRuleGroup(g)) throw badRequest('error.group.automatic');
  const now = nowSeconds();
  if (m?.state === 'active') return present(g, viewer, m);
  let state: GroupMemberState;
  if (g.join_policy === 'open' || m?.state === 'invited') state = 'active';
  else if (g.join_policy === 'request') state = 'requested';
  else throw forbidden('error.group.invitation_only');
  const row: repo.GroupMemberRow = { group_id: g.id, user_id: viewer.id, state, role: m?.role ?? 'member', source: 'manual', created_at: m?.created_at ?? now, updated_at: now };
  await repo.putMembership(db, row);
  await repo.recountGroup(db, g.id);
  return present((await repo.findGroup(db, { id: g.id }))!, viewer, row);
}

/** POST /group/leave: leaves, withdraws a request or declines an invitation. @throws 400 `error.group.automatic` for rule-made rows */
export async function leaveGroup(ctx: AppContext, viewer: UserRow, slug: string): Promise<GroupInfo> {
  const db = requireDb(ctx);
  const { g, m } = await visibleGroup(ctx, viewer, slug);
  if (!m) return present(g, viewer, m);
  if (m.source !== 'manual') throw badRequest('error.group.automatic');
  await repo.removeMembership(db, g.id, viewer.id);
  await repo.recountGroup(db, g.id);
  const after = (await repo.findGroup(db, { id: g.id }))!;
  return canSee(after, viewer, undefined) ? present(after, viewer, undefined) : { ...present(after, viewer, undefined), member_count: 0 };
}

/**
 * POST /group/member: what a group's manager does to one member. `approve` a request; `invite` someone (a pending
 * request is approved at once); `remove` a member, a request or an invitation; `promote`/`demote` the group moderator
 * role (admins only, audited). @throws 403 without the right, 404 `error.group.user_not_found`, 400 for an action
 * that does not fit the member's state
 */
export async function actOnMember(ctx: AppContext, viewer: UserRow, slug: string, username: string, action: 'approve' | 'invite' | 'remove' | 'promote' | 'demote'): Promise<GroupMemberInfo['state'] | ''> {
  const db = requireDb(ctx);
  const { g, m } = await visibleGroup(ctx, viewer, slug);
  if (!canManage(viewer, m)) throw forbidden();
  const target = await repo.userByName(db, username);
  if (!target || Number(target.status) === 10) throw fieldError('username', 'error.group.user_not_found');
  const row = await repo.membership(db, g.id, target.id);
  const now = nowSeconds();
  let state: GroupMemberState | '' = row?.state ?? '';
  switch (action) {
    case 'approve':
      if (row?.state !== 'requested') throw badRequest('error.group.no_request');
      await repo.setMembership(db, g.id, target.id, { state: 'active', updated_at: now });
      state = 'active';
      break;
    case 'invite':
      if (isRuleGroup(g)) throw badRequest('error.group.automatic');
      if (row?.state === 'active') throw badRequest('error.group.already_member');
      if (row?.state === 'requested') {
        await repo.setMembership(db, g.id, target.id, { state: 'active', updated_at: now });
        state = 'active';
      } else if (!row) {
        await repo.putMembership(db, { group_id: g.id, user_id: target.id, state: 'invited', role: 'member', source: 'manual', created_at: now, updated_at: now });
        state = 'invited';
      }
      break;
    case 'remove':
      if (!row) throw badRequest('error.group.not_member');
      if (row.source !== 'manual') throw badRequest('error.group.automatic');
      await repo.removeMembership(db, g.id, target.id);
      state = '';
      break;
    case 'promote':
    case 'demote':
      if (!isAdmin(viewer)) throw forbidden();
      if (row?.state !== 'active') throw badRequest('error.group.not_member');
      await repo.setMembership(db, g.id, target.id, { role: action === 'promote' ? 'moderator' : 'member', updated_at: now });
      await recordAdminAction(ctx, viewer, { action: `group.${action}`, targetType: 'group', targetId: g.id, changes: { user_id: target.id } });
      break;
  }
  await repo.recountGroup(db, g.id);
  return state;
}

function adminInfo(g: repo.GroupRow, pending: number, viewer: UserRow, m: repo.GroupMemberRow | undefined): AdminGroupInfo {
  return { ...present(g, viewer, m), email_domains: g.email_domains.split(',').filter(Boolean), directory_group: g.directory_group, pending_count: pending };
}

/** GET /admin/api/groups: every group with its rule fields and its waiting requests. */
export async function adminGroups(ctx: AppContext, admin: UserRow): Promise<AdminGroupInfo[]> {
  const db = requireDb(ctx);
  const [groups, pending, mine] = await Promise.all([repo.allGroups(db), repo.pendingCounts(db), repo.membershipsOf(db, admin.id)]);
  return groups.map((g) => adminInfo(g, pending.get(g.id) ?? 0, admin, mine.get(g.id)));
}

/**
 * POST (create) and PUT (update, `input.id`) /admin/api/group, then the rule's members are brought up to date.
 * Leaving a rule policy keeps its members as ordinary members.
 * @throws 400 field error `slug_name` `error.group.slug_taken`; 404 for an unknown id
 */
export async function saveGroup(ctx: AppContext, admin: UserRow, input: GroupSaveReq): Promise<AdminGroupInfo> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const taken = await repo.findGroup(db, { slug: input.slug_name });
  if (taken && taken.id !== input.id) throw fieldError('slug_name', 'error.group.slug_taken');
  const fields = {
    slug_name: input.slug_name,
    display_name: input.display_name,
    description: input.description,
    visibility: input.visibility,
    join_policy: input.join_policy,
    email_domains: [...new Set(input.email_domains)].join(','),
    directory_group: input.directory_group,
    updated_at: now,
  };
  let id = input.id ?? '';
  if (id) {
    const before = await repo.findGroup(db, { id });
    if (!before) throw notFound('error.group.not_found');
    await repo.updateGroup(db, id, fields);
    await recordAdminAction(ctx, admin, { action: 'group.update', targetType: 'group', targetId: id, changes: { ...fields, updated_at: undefined } });
  } else {
    id = String(await requireIds(ctx).reserve('group', 1));
    await repo.insertGroup(db, { id, ...fields, member_count: 0, created_at: now });
    await recordAdminAction(ctx, admin, { action: 'group.create', targetType: 'group', targetId: id, changes: { ...fields, updated_at: undefined } });
  }
  const g = (await repo.findGroup(db, { id }))!;
  await syncGroupRule(db, g, now);
  const after = (await repo.findGroup(db, { id }))!;
  return adminInfo(after, (await repo.pendingCounts(db)).get(id) ?? 0, admin, await repo.membership(db, id, admin.id));
}

/** DELETE /admin/api/group: the group and its memberships go (audited). */
export async function removeGroup(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  const db = requireDb(ctx);
  const g = await repo.findGroup(db, { id });
  if (!g) throw notFound('error.group.not_found');
  await repo.deleteGroup(db, id);
  await recordAdminAction(ctx, admin, { action: 'group.delete', targetType: 'group', targetId: id, changes: { slug_name: g.slug_name, members: g.member_count } });
}
