/** Request schemas of the integration calls: API keys (docs/API.md "Integrations"). Messages are translation keys. */
import { z } from 'zod';

/** What a key may do: read (GET only), write (any call but the admin API), admin (everything its member may). */
export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** POST /admin/api/api-keys: `expires_at` unix seconds in the future, 0 or absent for a key that never expires. */
export const ApiKeyCreateReq = z.object({
  name: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100, 'error.form.is_invalid'),
  scope: z.enum(API_KEY_SCOPES, { error: 'error.form.is_invalid' }),
  expires_at: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').optional().default(0),
});
export type ApiKeyCreateReq = z.infer<typeof ApiKeyCreateReq>;

/** DELETE /admin/api/api-keys: revokes one key. */
export const ApiKeyRevokeReq = z.object({ id: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid') });

/** Events a webhook can ask for (docs/API.md "Integrations"). */
export const WEBHOOK_EVENTS = ['question.created', 'answer.created', 'answer.accepted', 'comment.created', 'user.created', 'flag.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** POST /admin/api/webhooks: an http(s) URL and at least one event. */
export const WebhookCreateReq = z.object({
  url: z.string({ error: 'error.form.cannot_be_empty' }).trim().max(1024, 'error.form.is_invalid').regex(/^https?:\/\/[^\s/]+/i, 'error.form.is_invalid'),
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: 'error.form.is_invalid' }), { error: 'error.form.is_invalid' }).min(1, 'error.form.cannot_be_empty'),
});
export type WebhookCreateReq = z.infer<typeof WebhookCreateReq>;

/** DELETE /admin/api/webhooks, PUT /admin/api/webhooks/enable */
export const WebhookIdReq = z.object({ id: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid') });

/** GET /admin/api/webhooks/deliveries?id= : a hook's delivery log. */
export const WebhookDeliveriesQuery = WebhookIdReq;
