/**
 * Webhooks (docs/API.md "Integrations"): administrators register URLs for events; each event a service emits
 * after its write (core/events.ts domain events) becomes one queued delivery per enabled hook that asked for it,
 * sent by webhook.delivery.ts. Payload: `{id, event, created_at, data}` with the ids of what happened.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { WebhookCreateReq, WebhookEvent } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { eventBus, type DomainEvent } from '../../core/events.js';
import { assertDeliverableUrl } from './webhook.address.js';
import { wakeWebhookWorker } from './webhook.delivery.js';
import * as repo from './webhook.repository.js';

/** A hook as the admin list shows it (the secret only when it is created). */
export interface WebhookInfo {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  failure_count: number;
  created_at: number;
}

function present(r: repo.WebhookRow): WebhookInfo {
  return { id: r.id, url: r.url, events: r.events.split(',').filter(Boolean), enabled: Number(r.enabled) === 1, failure_count: Number(r.failure_count), created_at: Number(r.created_at) };
}

/**
 * Registers a hook.
 * @returns the hook and `secret`, the HMAC key its deliveries are signed with
 * @throws 400 field error `url` when its host is or resolves to a private address (webhook.address.ts)
 */
export async function createWebhook(ctx: AppContext, req: WebhookCreateReq): Promise<WebhookInfo & { secret: string }> {
  await assertDeliverableUrl(req.url);
  const row = { id: randomUUID().replace(/-/g, ''), url: req.url, events: [...new Set(req.events)].join(','), secret: `whsec_${randomBytes(24).toString('base64url')}`, enabled: 1, failure_count: 0, created_at: nowSeconds() };
  await repo.insertWebhook(requireDb(ctx), row);
  return { ...present(row), secret: row.secret };
}

/** Every hook, newest first. */
export async function listWebhooks(ctx: AppContext): Promise<WebhookInfo[]> {
  return (await repo.listWebhookRows(requireDb(ctx))).map(present);
}

/** Deletes a hook and its log. @throws 404 when there is no such hook */
export async function deleteWebhook(ctx: AppContext, id: string): Promise<void> {
  if (!(await repo.deleteWebhookRow(requireDb(ctx), id))) throw notFound();
}

/** Enables a hook again (after it was disabled for failures) with its failure count reset. @throws 404 */
export async function enableWebhook(ctx: AppContext, id: string): Promise<void> {
  const db = requireDb(ctx);
  if (!(await repo.findWebhook(db, id))) throw notFound();
  await repo.updateWebhook(db, id, { enabled: 1, failure_count: 0 });
}

/** A hook's last 100 deliveries, newest first: event, status, attempts, response code, error, times. @throws 404 */
export async function webhookDeliveries(ctx: AppContext, id: string) {
  const db = requireDb(ctx);
  if (!(await repo.findWebhook(db, id))) throw notFound();
  const status = ['', 'pending', 'sending', 'delivered', 'failed'];
  return (await repo.deliveryLog(db, id, 100)).map((d) => ({
    id: d.id, event: d.event, object_id: d.object_id, status: status[Number(d.status)] ?? '', attempts: Number(d.attempts),
    response_code: Number(d.response_code), error: d.error, created_at: Number(d.created_at), delivered_at: Number(d.delivered_at), next_at: Number(d.next_at),
  }));
}

/** The webhook event, object and data of a domain event, or null when hooks do not carry it. */
function toWebhookEvent(e: DomainEvent): { event: WebhookEvent; object_id: string; data: Record<string, string> } | null {
  switch (e.type) {
    case 'question.created': return { event: e.type, object_id: e.question_id, data: { question_id: e.question_id, user_id: e.user_id } };
    case 'answer.created': return { event: e.type, object_id: e.answer_id, data: { answer_id: e.answer_id, question_id: e.question_id, user_id: e.user_id } };
    case 'answer.accepted': return { event: e.type, object_id: e.answer_id, data: { answer_id: e.answer_id, answer_user_id: e.answer_user_id, question_user_id: e.question_user_id } };
    case 'comment.created': return { event: e.type, object_id: e.comment_id, data: { comment_id: e.comment_id, user_id: e.user_id } };
    case 'user.created': return { event: e.type, object_id: e.user_id, data: { user_id: e.user_id } };
    case 'flag.created': return { event: e.type, object_id: e.flag_id, data: { flag_id: e.flag_id, object_id: e.object_id, object_type: e.object_type, user_id: e.user_id, reported_user_id: e.reported_user_id } };
    default: return null;
  }
}

let lastSeq = 0;
/** Increasing sequence numbers (microseconds, bumped on ties) that order the events of one object. */
function nextSeq(): number {
  lastSeq = Math.max(Date.now() * 1000, lastSeq + 1);
  return lastSeq;
}

/** Queues one delivery per enabled hook that asked for the event. */
export async function queueWebhookEvent(ctx: AppContext, e: DomainEvent): Promise<void> {
  const w = toWebhookEvent(e);
  if (!w || !ctx.database) return;
  const db = ctx.database;
  const hooks = (await repo.enabledWebhooks(db)).filter((h) => h.events.split(',').includes(w.event));
  if (!hooks.length) return;
  const now = nowSeconds();
  const seq = nextSeq();
  await repo.insertDeliveries(db, hooks.map((h) => {
    const id = randomUUID().replace(/-/g, '');
    return {
      id, seq, hook_id: h.id, event: w.event, object_id: w.object_id, payload: JSON.stringify({ id, event: w.event, created_at: now, data: w.data }),
      status: repo.DeliveryStatus.pending, attempts: 0, next_at: now, lease_until: 0, response_code: 0, error: '', created_at: now, delivered_at: 0,
    };
  }));
  wakeWebhookWorker(ctx);
}

/** Subscribes the app's webhooks to its domain events. */
export function installWebhookEvents(ctx: AppContext): void {
  eventBus(ctx).onDomain((e) => queueWebhookEvent(ctx, e));
}
