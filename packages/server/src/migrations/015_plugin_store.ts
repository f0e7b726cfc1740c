/**
 * Migration 015: `plugin_store`, the short-lived key-value storage the server lends plugins (plugin-api
 * `PluginStore`), e.g. a WeCom QR-login key waiting for the phone's scan. One row per plugin and key; rows past
 * `expires_at` (unix seconds) count as absent and are swept on write. In the database so every node of a site
 * sees the same keys (the phone's callback and the desktop's polling may reach different nodes).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the table and its expiry index. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('plugin_store')
    .addColumn('slug_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('store_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_store_pk', ['slug_name', 'store_key'])
    .execute();
  await db.schema.createIndex('plugin_store_expires_idx').on('plugin_store').column('expires_at').execute();
}
