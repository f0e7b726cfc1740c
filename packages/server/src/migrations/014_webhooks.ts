/**
 * Migration 014: webhooks (docs/API.md "Integrations").
 * - `webhooks`: a URL an administrator registered, the events it wants (comma-separated), its signing secret,
 *   whether it is enabled, and how many deliveries failed in a row (it is disabled after too many).
 * - `webhook_deliveries`: the durable queue and delivery log, one row per event and hook: the signed payload,
 *   status (1 pending, 2 sending, 3 delivered, 4 failed), attempts, when the next attempt is due, the lease of a
 *   claimed row, the last response code and error. `seq` orders the events of one object.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates both tables and their indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('events', 'varchar(512)', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hook_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('event', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_at']).execute();
  await db.schema.createIndex('webhook_deliveries_hook_idx').on('webhook_deliveries').columns(['hook_id', 'seq']).execute();
}
