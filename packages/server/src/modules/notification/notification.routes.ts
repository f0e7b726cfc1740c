/** Notification calls (spec §7 "Notifications"): all need a logged-in user. */
import type { FastifyInstance } from 'fastify';
import { NotificationPageQuery, NotificationReadReq, NotificationTypeReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireUser } from '../../core/auth/index.js';
import { notificationPage, notificationStatus, readAllNotifications, readNotification } from './notification.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const base = '/answer/api/v1/notification';

  app.get(`${base}/page`, async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await notificationPage(ctx, user, parse(NotificationPageQuery, req.query), req.lang));
  });

  app.get(`${base}/status`, async (req) => ok(req, await notificationStatus(ctx, await requireUser(ctx, req), req.lang)));

  app.put(`${base}/status`, async (req) => {
    const user = await requireUser(ctx, req);
    await readAllNotifications(ctx, user, parse(NotificationTypeReq, req.body).type);
    return ok(req, null);
  });

  app.put(`${base}/read/state`, async (req) => {
    const user = await requireUser(ctx, req);
    await readNotification(ctx, user, parse(NotificationReadReq, req.body).id);
    return ok(req, null);
  });

  app.put(`${base}/read/state/all`, async (req) => {
    const user = await requireUser(ctx, req);
    await readAllNotifications(ctx, user, parse(NotificationTypeReq, req.body).type);
    return ok(req, null);
  });
}
