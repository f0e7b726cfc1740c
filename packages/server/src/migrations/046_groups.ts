/**
 * Migration 046: groups (modules/group; issue #38 item 1).
 * - `site_groups`: one row per group. `slug_name` is unique (lower case), `visibility` public|members|hidden,
 *   `join_policy` open|request|invitation|domain|directory, `email_domains` the `domain` policy's domains (comma
 *   separated, lower case), `directory_group` the directory group's name of the `directory` policy, `member_count`
 *   its active members (kept by modules/group after every membership change).
 * - `group_members`: one row per group and member. `state` active|requested|invited, `role` member|moderator,
 *   `source` manual|domain|directory (rule-made rows are added and removed by the rules). Index (user_id) for
 *   "a member's groups".
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Creates `site_groups` and `group_members`. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('site_groups')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('slug_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('public'))
    .addColumn('join_policy', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('email_domains', 'varchar(6000)', (c) => c.notNull().defaultTo(''))
    .addColumn('directory_group', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id']).execute();
}
