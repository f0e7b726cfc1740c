/**
 * Group calls (docs/API.md "Groups"; issue #38 item 1). Member side, under /answer/api/v1:
 * - GET /groups: the groups the viewer may see;
 * - GET /group?slug_name=: one group (404 when the viewer may not see it);
 * - GET /group/members?slug_name=&state=active|requested|invited&page=&page_size=: its members (pending lists for
 *   its managers);
 * - GET /personal/groups?username=: the groups a member is in that the viewer may see (the profile);
 * - POST /group/join and /group/leave `{slug_name}` (logged-in, activated members);
 * - POST /group/member `{slug_name, username, action}`: approve, invite, remove, promote, demote.
 * Admin side: GET /answer/admin/api/groups, POST and PUT /answer/admin/api/group (create, update), DELETE
 * /answer/admin/api/group `{id}`.
 */
import type { FastifyInstance } from 'fastify';
import { GroupDeleteReq, GroupMemberReq, GroupMembersQuery, GroupSaveReq, GroupSlugReq, PersonalUserQuery } from '@quorum/contract';
import { currentUser, requireActiveUser, requireAdmin } from '../../core/auth/index.js';
import { requireDb } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { findUserByUsername } from '../user/user.repository.js';
import { actOnMember, adminGroups, getGroup, groupMembers, groupsOfMember, joinGroup, leaveGroup, listGroups, removeGroup, saveGroup } from './group.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const V1 = '/answer/api/v1';
  const ADMIN = '/answer/admin/api';
  const writes = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  app.get(`${V1}/groups`, async (req) => ok(req, await listGroups(ctx, await currentUser(ctx, req))));

  app.get(`${V1}/group`, async (req) => ok(req, await getGroup(ctx, await currentUser(ctx, req), parse(GroupSlugReq, req.query).slug_name)));

  app.get(`${V1}/group/members`, async (req) => {
    const q = parse(GroupMembersQuery, req.query);
    return ok(req, await groupMembers(ctx, await currentUser(ctx, req), q.slug_name, q.state, q.page, q.page_size));
  });

  app.get(`${V1}/personal/groups`, async (req) => {
    const { username } = parse(PersonalUserQuery, req.query);
    const member = await findUserByUsername(requireDb(ctx), username);
    if (!member || member.status === 10) throw notFound('error.user.not_found');
    return ok(req, await groupsOfMember(ctx, await currentUser(ctx, req), member.id));
  });

  app.post(`${V1}/group/join`, writes, async (req) => {
    const viewer = await requireActiveUser(ctx, req);
    return ok(req, await joinGroup(ctx, viewer, parse(GroupSlugReq, req.body).slug_name));
  });

  app.post(`${V1}/group/leave`, writes, async (req) => {
    const viewer = await requireActiveUser(ctx, req);
    return ok(req, await leaveGroup(ctx, viewer, parse(GroupSlugReq, req.body).slug_name));
  });

  app.post(`${V1}/group/member`, writes, async (req) => {
    const viewer = await requireActiveUser(ctx, req);
    const input = parse(GroupMemberReq, req.body);
    return ok(req, { state: await actOnMember(ctx, viewer, input.slug_name, input.username, input.action) });
  });

  app.get(`${ADMIN}/groups`, async (req) => ok(req, await adminGroups(ctx, await requireAdmin(ctx, req))));

  app.post(`${ADMIN}/group`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const input = parse(GroupSaveReq, req.body);
    return ok(req, await saveGroup(ctx, admin, { ...input, id: undefined }));
  });

  app.put(`${ADMIN}/group`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const input = parse(GroupSaveReq, req.body);
    if (!input.id) throw notFound('error.group.not_found');
    return ok(req, await saveGroup(ctx, admin, input));
  });

  app.delete(`${ADMIN}/group`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    await removeGroup(ctx, admin, parse(GroupDeleteReq, req.body).id);
    return ok(req, null);
  });
}
