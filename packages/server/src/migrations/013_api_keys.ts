/**
 * Migration 013: API keys for integrations (docs/API.md "Integrations").
 * `api_keys`: one row per key an administrator created. Only the SHA-256 of the key is stored (`key_hash`,
 * unique); `key_prefix` is its first characters, shown in the list. `scope` is read, write or admin; `user_id` is
 * the member the key acts as (its creator); times are unix seconds, 0 meaning never (`expires_at`, `last_used_at`,
 * `revoked_at`).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `api_keys` and its index on the hash. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_keys_hash_idx').on('api_keys').column('key_hash').unique().execute();
}
