/**
 * Migration 040: the groups a directory reports for a member (modules/ldap; issue #38 item 3), kept for the later
 * groups and spaces work. One row per member, source and group: `source` is the login that reported it (`ldap`),
 * `group_key` the SHA-256 (hex) of the group's DN in lower case (DNs are too long for a key on every engine),
 * `name` the group's short name (its `cn`), `dn` the full DN. A login replaces the member's rows of that source.
 * Index (source, name) for "who is in group X".
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `directory_groups`. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('directory_groups')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('dn', 'varchar(1000)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('directory_groups_pk', ['user_id', 'source', 'group_key'])
    .execute();
  await db.schema.createIndex('directory_groups_name_idx').on('directory_groups').columns(['source', 'name']).execute();
}
