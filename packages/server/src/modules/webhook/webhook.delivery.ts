/**
 * Webhook delivery: the durable queue in `webhook_deliveries`, worked like the e-mail outbox
 * (modules/mail/outbox.ts). A worker per app polls every second, claims due rows with a compare-and-set, POSTs
 * the signed payload and records the response code. At least once: a crash before the POST leaves the row to be
 * sent after the lease; a crash after the receiver answered but before the row is marked sends it again.
 * Retries: any answer but 2xx, or no answer within 10 s, is retried with exponential backoff (30 s doubling, at
 * most 6 h) up to MAX_ATTEMPTS, then the row is failed. Events of one object reach a hook in order: a row waits
 * while an earlier row of the same object and hook is not delivered or given up. A hook whose deliveries fail
 * DISABLE_AFTER times in a row is disabled. Deliveries reach public addresses only, checked again at each attempt
 * (webhook.address.ts); a refused address is a failed attempt whose error says why.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { nowSeconds, type AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { startQueueWorker, type QueueWorker } from '../../core/periodic.js';
import { guardedLookup, literalRefusal } from './webhook.address.js';
import * as repo from './webhook.repository.js';

export const MAX_ATTEMPTS = 8;
/** Consecutive failed attempts after which a hook is disabled. */
export const DISABLE_AFTER = 10;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;
const POLL_MS = 1000;
const BATCH = 20;

/** Seconds before attempt `attempts + 1` (attempts already made >= 1). */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60);
}

/**
 * The `X-Quorum-Signature` header of a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the
 * hook's secret>`. Receivers recompute it and refuse old timestamps (docs/API.md "Verifying a webhook").
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * POSTs a delivery with node:http(s) (no redirects followed), connecting only to addresses the guard accepts
 * (webhook.address.ts: a name is resolved and checked in the same lookup the connection uses).
 * @returns the response status, or 0 and the error text when there was no answer (refused address, network
 *   error, no answer within TIMEOUT_MS)
 */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ code: number; error: string }> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch (err) {
      return resolve({ code: 0, error: (err as Error).message });
    }
    const refused = literalRefusal(target);
    if (refused) return resolve({ code: 0, error: refused.message });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // Assigned right after the request is made; its events come later.
    // eslint-disable-next-line prefer-const
    let timer: NodeJS.Timeout | undefined;
    const done = (r: { code: number; error: string }) => {
      clearTimeout(timer);
      resolve(r);
    };
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup }, (res) => {
      const code = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => done({ code, error: code >= 200 && code < 300 ? '' : `HTTP ${code}` }));
      res.on('error', (err) => done({ code: 0, error: err.message.slice(0, 1000) }));
    });
    timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    req.on('error', (err) => done({ code: 0, error: err.message.slice(0, 1000) }));
    req.end(body);
  });
}

async function deliverOne(db: Db, row: repo.DeliveryRow, now: number): Promise<void> {
  const hook = await repo.findWebhook(db, row.hook_id);
  if (!hook) return;
  if (!(await repo.claimDelivery(db, row, now, now + LEASE_SECONDS))) return;
  const attempts = Number(row.attempts) + 1;
  const ts = nowSeconds();
  const { code, error } = await post(hook.url, {
    'content-type': 'application/json',
    'user-agent': 'Quorum-Webhook',
    'x-quorum-event': row.event,
    'x-quorum-delivery': row.id,
    'x-quorum-signature': signature(hook.secret, ts, row.payload),
  }, row.payload);
  if (code >= 200 && code < 300) {
    await repo.finishDelivery(db, row.id, { status: repo.DeliveryStatus.delivered, response_code: code, error: '', delivered_at: nowSeconds(), lease_until: 0 });
    if (Number(hook.failure_count) !== 0) await repo.updateWebhook(db, hook.id, { failure_count: 0 });
    return;
  }
  const failed = attempts >= MAX_ATTEMPTS;
  await repo.finishDelivery(db, row.id, {
    status: failed ? repo.DeliveryStatus.failed : repo.DeliveryStatus.pending,
    response_code: code, error, lease_until: 0, next_at: now + backoffSeconds(attempts),
  });
  const failures = Number(hook.failure_count) + 1;
  await repo.updateWebhook(db, hook.id, failures >= DISABLE_AFTER ? { failure_count: failures, enabled: 0 } : { failure_count: failures });
}

/**
 * Delivers the deliveries due at `now` (unix seconds; tests pass a later time to reach a retry), oldest first,
 * keeping each object's events in order.
 * @returns how many rows were attempted
 */
export async function runWebhookDeliveries(ctx: AppContext, now = nowSeconds()): Promise<number> {
  const db = ctx.database;
  if (!db) return 0;
  const due = await repo.dueDeliveries(db, now, BATCH);
  let n = 0;
  for (const row of due) {
    if (await repo.hasEarlierOpen(db, row)) continue;
    await deliverOne(db, row, now);
    n++;
  }
  return n;
}

const workers = new WeakMap<AppContext, QueueWorker>();

/** Wakes this app's worker (after queuing deliveries) so they go out without waiting for the next poll. */
export function wakeWebhookWorker(ctx: AppContext): void {
  workers.get(ctx)?.wake();
}

/** Starts the polling worker of an app (core/periodic.ts startQueueWorker); stopped through ctx.onClose. */
export function startWebhookWorker(ctx: AppContext): void {
  workers.set(ctx, startQueueWorker(ctx, POLL_MS, 'webhook delivery failed', () => runWebhookDeliveries(ctx)));
}
