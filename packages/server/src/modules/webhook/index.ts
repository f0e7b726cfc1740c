/** Webhooks: admin calls, event queueing and the delivery worker. */
export { webhookRoutes } from './webhook.routes.js';
export { runWebhookDeliveries, signature, MAX_ATTEMPTS, DISABLE_AFTER } from './webhook.delivery.js';
