/**
 * Admin user management under /answer/admin/api (admins only): GET users/page, PUT user/status, user/role,
 * user/password, user/profile, POST users (bulk) and user (one), GET user/info, GET roles, GET and POST
 * user/activation (and POST users/activation).
 */
import type { FastifyInstance } from 'fastify';
import { AdminAddUserReq, AdminAddUsersReq, AdminEditUserProfileReq, AdminUserIdReq, AdminUserInfoQuery, AdminUserPageQuery, AdminUserPasswordReq, AdminUserRoleReq, AdminUserStatusReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { presentAdminUser } from './admin-user.presenter.js';
import { addUser, editProfile, userDetail } from './admin-user.profile.js';
import { activationUrl, addUsers, changeRole, changeStatus, listUsers, resendActivationEmail, resetPassword, roles } from './admin-user.service.js';

const PREFIX = '/answer/admin/api';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get(`${PREFIX}/users/page`, async (req) => {
    await requireAdmin(ctx, req);
    const q = parse(AdminUserPageQuery, req.query);
    const { count, rows } = await listUsers(ctx, q);
    const names = new Map(roles(req.lang).map((r) => [r.id, r.name]));
    return ok(req, { count, list: rows.map((r) => presentAdminUser(r, names.get(r.role_id) ?? '')) });
  });

  app.put(`${PREFIX}/user/status`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    await changeStatus(ctx, admin, parse(AdminUserStatusReq, req.body));
    return ok(req, null);
  });

  app.put(`${PREFIX}/user/role`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { user_id, role_id } = parse(AdminUserRoleReq, req.body);
    await changeRole(ctx, admin, user_id, role_id);
    return ok(req, null);
  });

  app.put(`${PREFIX}/user/password`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { user_id, password } = parse(AdminUserPasswordReq, req.body);
    await resetPassword(ctx, admin, user_id, password);
    return ok(req, null);
  });

  app.post(`${PREFIX}/users`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { users } = parse(AdminAddUsersReq, req.body);
    return ok(req, { count: await addUsers(ctx, admin, users) });
  });

  app.post(`${PREFIX}/user`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    return ok(req, { user_id: await addUser(ctx, admin, parse(AdminAddUserReq, req.body)) });
  });

  app.put(`${PREFIX}/user/profile`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    await editProfile(ctx, admin, parse(AdminEditUserProfileReq, req.body));
    return ok(req, null);
  });

  app.get(`${PREFIX}/user/info`, async (req) => {
    await requireAdmin(ctx, req);
    const { user_id } = parse(AdminUserInfoQuery, req.query);
    return ok(req, await userDetail(ctx, user_id, req.lang));
  });

  app.get(`${PREFIX}/roles`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, roles(req.lang));
  });

  app.get(`${PREFIX}/user/activation`, async (req) => {
    await requireAdmin(ctx, req);
    const { user_id } = parse(AdminUserIdReq, req.query);
    return ok(req, { activation_url: await activationUrl(ctx, user_id) });
  });

  for (const path of [`${PREFIX}/users/activation`, `${PREFIX}/user/activation`]) {
    app.post(path, async (req) => {
      const admin = await requireAdmin(ctx, req);
      const { user_id } = parse(AdminUserIdReq, req.body);
      await resendActivationEmail(ctx, admin, user_id);
      return ok(req, null);
    });
  }
}
