/** Privilege calls: the admin privileges page and GET /permission. */
import type { FastifyInstance } from 'fastify';
import { PermissionQuery, PrivilegesUpdateReq, Role } from '@quorum/contract';
import { forbidden } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import { permissionMap } from './permission.js';
import { privilegesConfig, updatePrivileges } from './privilege.admin.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function privilegeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const requireAdmin = async (req: Parameters<typeof requireActiveUser>[1]) => {
    const user = await requireActiveUser(ctx, req);
    if (user.role_id !== Role.admin) throw forbidden();
    return user;
  };

  app.get('/answer/admin/api/setting/privileges', async (req) => {
    await requireAdmin(req);
    return ok(req, await privilegesConfig(ctx, req.lang));
  });

  app.put('/answer/admin/api/setting/privileges', async (req) => {
    const admin = await requireAdmin(req);
    const { before, after } = await updatePrivileges(ctx, parse(PrivilegesUpdateReq, req.body));
    const changes = settingsDiff(before, after);
    if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: 'settings.privileges', targetType: 'settings', targetId: 'privileges', changes });
    return ok(req, null);
  });

  app.get('/answer/api/v1/permission', async (req) => {
    const { action } = parse(PermissionQuery, req.query);
    const actions = action.split(',').map((s) => s.trim()).filter(Boolean);
    return ok(req, await permissionMap(ctx, await currentUser(ctx, req), actions, req.lang));
  });
}
