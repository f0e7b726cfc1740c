/**
 * Admin calls for webhooks (docs/API.md "Integrations"): GET, POST, DELETE /answer/admin/api/webhooks,
 * PUT /answer/admin/api/webhooks/enable, GET /answer/admin/api/webhooks/deliveries.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, WebhookCreateReq, WebhookDeliveriesQuery, WebhookIdReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { startWebhookWorker } from './webhook.delivery.js';
import { createWebhook, deleteWebhook, enableWebhook, installWebhookEvents, listWebhooks, webhookDeliveries } from './webhook.service.js';

/** Fastify plugin registering the calls listed in this file's header, the event subscription and the worker. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  installWebhookEvents(ctx);
  startWebhookWorker(ctx);

  app.get(`${ADMIN_API_PREFIX}/webhooks`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await listWebhooks(ctx));
  });

  app.post(`${ADMIN_API_PREFIX}/webhooks`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await createWebhook(ctx, parse(WebhookCreateReq, req.body)));
  });

  app.delete(`${ADMIN_API_PREFIX}/webhooks`, async (req) => {
    await requireAdmin(ctx, req);
    await deleteWebhook(ctx, parse(WebhookIdReq, req.body).id);
    return ok(req, null);
  });

  app.put(`${ADMIN_API_PREFIX}/webhooks/enable`, async (req) => {
    await requireAdmin(ctx, req);
    await enableWebhook(ctx, parse(WebhookIdReq, req.body).id);
    return ok(req, null);
  });

  app.get(`${ADMIN_API_PREFIX}/webhooks/deliveries`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await webhookDeliveries(ctx, parse(WebhookDeliveriesQuery, req.query).id));
  });
}
