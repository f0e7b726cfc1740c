/**
 * Migration 011: plugins and third-party login.
 * - `plugin_configs`: one row per plugin an administrator touched: enabled (0/1), its configuration (JSON object of
 *   strings, secrets included: the table never leaves the server), and the last error one of its hooks threw.
 * - `user_plugin_configs`: a member's settings of a plugin (JSON), one row per member and plugin.
 * - `connector_attempts`: one row per "Log in with ..." in flight, keyed by the SHA-256 of its `state`, with the
 *   nonce and PKCE verifier the callback must match; 10 minutes, used once.
 * - `connector_bindings`: a provider's account waiting for the member to prove an e-mail address
 *   (/users/confirm-email), keyed by the SHA-256 of the binding key; the confirmation link's code hash once sent.
 * Accounts already linked to a provider are rows of `external_logins` (migration 001).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates the four tables and their indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('plugin_configs')
    .addColumn('slug_name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('last_error_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_plugin_configs')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('slug_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_plugin_configs_pk', ['user_id', 'slug_name'])
    .execute();

  await db.schema
    .createTable('connector_attempts')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('intent', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connector_attempts_expires_idx').on('connector_attempts').column('expires_at').execute();

  await db.schema
    .createTable('connector_bindings')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_to', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connector_bindings_code_idx').on('connector_bindings').column('code_hash').execute();
}
