/**
 * Badge calls (Answer's badge controller, the swagger's api-badge and AdminBadge tags):
 * - GET /badges, GET /badge?id=, GET /badge/awards/page, GET /badge/user/awards, GET /badge/user/awards/recent:
 *   public (the viewer's own counts when logged in)
 * - GET /admin/api/badges, PUT /admin/api/badge/status: administrators
 * Registering the plugin also subscribes the badge rules to the app's domain events.
 */
import type { FastifyInstance } from 'fastify';
import { AdminBadgePageQuery, BadgeAwardPageQuery, BadgeInfoQuery, BadgeStatusReq, UserBadgeAwardsQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireAdmin } from '../../core/auth/index.js';
import { installBadgeRules } from './badge.rules.js';
import { adminBadgePage, badgeAwardPage, badgeInfo, badgesByGroup, setBadgeStatus, userAwards } from './badge.service.js';

/** Fastify plugin registering the calls listed in this file's header. */
export async function badgeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  installBadgeRules(ctx);
  const v1 = '/answer/api/v1';

  app.get(`${v1}/badges`, async (req) => ok(req, await badgesByGroup(ctx, await currentUser(ctx, req), req.lang)));

  app.get(`${v1}/badge`, async (req) => {
    const q = parse(BadgeInfoQuery, req.query);
    return ok(req, await badgeInfo(ctx, q.id, await currentUser(ctx, req), req.lang));
  });

  app.get(`${v1}/badge/awards/page`, async (req) => ok(req, await badgeAwardPage(ctx, parse(BadgeAwardPageQuery, req.query))));

  app.get(`${v1}/badge/user/awards`, async (req) => ok(req, await userAwards(ctx, parse(UserBadgeAwardsQuery, req.query).username, req.lang)));

  app.get(`${v1}/badge/user/awards/recent`, async (req) => ok(req, await userAwards(ctx, parse(UserBadgeAwardsQuery, req.query).username, req.lang, 10)));

  app.get('/answer/admin/api/badges', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await adminBadgePage(ctx, parse(AdminBadgePageQuery, req.query), req.lang));
  });

  app.put('/answer/admin/api/badge/status', async (req) => {
    await requireAdmin(ctx, req);
    await setBadgeStatus(ctx, parse(BadgeStatusReq, req.body));
    return ok(req, null);
  });
}
