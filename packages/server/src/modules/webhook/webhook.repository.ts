/** The only place that queries `webhooks` and `webhook_deliveries` (migration 014). */
import type { Selectable } from 'kysely';
import { transaction, type Db } from '../../core/db/index.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../core/db/schema.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Delivery states. */
export const DeliveryStatus = { pending: 1, sending: 2, delivered: 3, failed: 4 } as const;

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.kysely.insertInto('webhooks').values(row).execute();
}

/** Every hook, newest first. */
export function listWebhookRows(db: Db): Promise<WebhookRow[]> {
  return db.kysely.selectFrom('webhooks').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Enabled hooks (a handful: read on each event). */
export function enabledWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.kysely.selectFrom('webhooks').selectAll().where('enabled', '=', 1).execute();
}

export function findWebhook(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.kysely.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a hook and its deliveries; false when there was no such hook. */
export async function deleteWebhookRow(db: Db, id: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    await tx.kysely.deleteFrom('webhook_deliveries').where('hook_id', '=', id).execute();
    const r = await tx.kysely.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  });
}

export async function updateWebhook(db: Db, id: string, patch: Partial<Omit<WebhookRow, 'id'>>): Promise<void> {
  await db.kysely.updateTable('webhooks').set(patch).where('id', '=', id).execute();
}

/** Queues deliveries (one per hook of an event). */
export async function insertDeliveries(db: Db, rows: DeliveryRow[]): Promise<void> {
  if (rows.length) await db.kysely.insertInto('webhook_deliveries').values(rows).execute();
}

/** Due rows: pending with `next_at <= now`, or sending with an expired lease; oldest first. */
export function dueDeliveries(db: Db, now: number, limit: number): Promise<DeliveryRow[]> {
  return db.kysely
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where((eb) => eb.or([
      eb.and([eb('status', '=', DeliveryStatus.pending), eb('next_at', '<=', now)]),
      eb.and([eb('status', '=', DeliveryStatus.sending), eb('lease_until', '<', now)]),
    ]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** True when an earlier event of the same object for the same hook is not delivered or given up yet. */
export async function hasEarlierOpen(db: Db, row: DeliveryRow): Promise<boolean> {
  const r = await db.kysely
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('hook_id', '=', row.hook_id)
    .where('object_id', '=', row.object_id)
    .where('seq', '<', row.seq)
    .where('status', 'in', [DeliveryStatus.pending, DeliveryStatus.sending])
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** Compare-and-set claim of a due row (as read): true when this caller won it. */
export async function claimDelivery(db: Db, row: DeliveryRow, now: number, leaseUntil: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('webhook_deliveries')
    .set({ status: DeliveryStatus.sending, lease_until: leaseUntil, attempts: Number(row.attempts) + 1 })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', Number(row.attempts))
    .where('next_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function finishDelivery(db: Db, id: string, patch: Partial<Omit<DeliveryRow, 'id'>>): Promise<void> {
  await db.kysely.updateTable('webhook_deliveries').set(patch).where('id', '=', id).execute();
}

/** A hook's delivery log, newest first. */
export function deliveryLog(db: Db, hookId: string, limit: number): Promise<DeliveryRow[]> {
  return db.kysely.selectFrom('webhook_deliveries').selectAll().where('hook_id', '=', hookId).orderBy('seq', 'desc').limit(limit).execute();
}
