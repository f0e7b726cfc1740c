/**
 * Migration 044: the message IDs SAML login keeps (modules/saml; issue #38 item 4), in the database so that every
 * worker and node sees them. `kind` `request`: an AuthnRequest or LogoutRequest this site sent, until the IdP's
 * answer comes back (its InResponseTo must name one); `assertion`: an assertion already used to log in, until it
 * expires, so it can never be used twice (a replay). `id_hash` is the SHA-256 (hex) of the IdP's or our ID
 * (IDs are free text of any length in SAML). Rows are removed once past `expires_at` (unix seconds).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `saml_message_ids`. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('saml_message_ids')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('id_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_message_ids_pk', ['kind', 'id_hash'])
    .execute();
  await db.schema.createIndex('saml_message_ids_expires_idx').on('saml_message_ids').column('expires_at').execute();
}
