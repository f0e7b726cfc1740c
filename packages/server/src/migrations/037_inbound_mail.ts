/**
 * Migration 037: reply by e-mail (modules/inbound-mail; issue #37 item 2).
 * - `inbound_mails`: one row per inbound message taken in, keyed by `message_key` (the SHA-256, hex, of its
 *   Message-ID), so the same message posts once however often the sender's server retries or a provider re-posts
 *   it. `state` is `processing` (claimed at `claimed_at`, unix seconds; a claim older than the lease may be taken
 *   over), `posted` (with `post_id`, the answer, comment or question written) or `refused` (with `reason`, the
 *   reason key of the bounce, given again to a retry). `user_id` is the member it was posted as ('' when unknown).
 *   Index (updated_at) for pruning old rows.
 * - the `config` row `mail.reply_secret`: the key of the signed reply addresses (HMAC-SHA256).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `inbound_mails` and stores the reply-address key. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('inbound_mails')
    .addColumn('message_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('post_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('inbound_mails_updated_idx').on('inbound_mails').column('updated_at').execute();
  // A restored backup taken before this migration may already hold the key (its config rows come from a newer
  // site's export, backup.test "migrates an older backup"): keep it, as signed addresses in sent mail use it.
  const existing = await db.selectFrom('config').select('name').where('name', '=', 'mail.reply_secret').executeTakeFirst();
  if (!existing) await db.insertInto('config').values({ name: 'mail.reply_secret', value: randomBytes(32).toString('base64url') }).execute();
}
