/** A user's own settings: profile, interface, notification options, unsubscribe, @mention search, connectors. */
import type { FastifyInstance } from 'fastify';
import { CodeReq, NotificationConfigReq, UpdateInterfaceReq, UpdateUserInfoReq, UserSearchQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser, requireUnsuspendedUser, requireUser } from '../../core/auth/index.js';
import { presentBasicUser } from './user.presenter.js';
import { getNotificationConfig, saveNotificationConfig, searchUsers, unsubscribe, updateInterface, updateProfile } from './settings.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function userSettingsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.put('/answer/api/v1/user/info', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await updateProfile(ctx, user, parse(UpdateUserInfoReq, req.body));
    return ok(req, null);
  });

  app.put('/answer/api/v1/user/interface', async (req) => {
    const user = await requireUnsuspendedUser(ctx, req);
    await updateInterface(ctx, user, parse(UpdateInterfaceReq, req.body));
    return ok(req, null);
  });

  app.get('/answer/api/v1/user/notification/config', async (req) => {
    const user = await requireUnsuspendedUser(ctx, req);
    return ok(req, await getNotificationConfig(ctx, user.id));
  });

  app.put('/answer/api/v1/user/notification/config', async (req) => {
    const user = await requireActiveUser(ctx, req);
    await saveNotificationConfig(ctx, user.id, parse(NotificationConfigReq, req.body));
    return ok(req, null);
  });

  app.put('/answer/api/v1/user/notification/unsubscribe', async (req) => {
    await unsubscribe(ctx, parse(CodeReq, req.body).code);
    return ok(req, null);
  });

  app.get('/answer/api/v1/user/info/search', async (req) => {
    await requireUser(ctx, req);
    const { username } = parse(UserSearchQuery, req.query);
    return ok(req, (await searchUsers(ctx, username)).map(presentBasicUser));
  });
}
