/**
 * Migration 006: the admin console. `admin_audit` records who changed what (settings writes, user and content
 * actions) for the dashboard and the user detail page. Indexes serve the admin lists (status, newest first), the
 * dashboard's per-day series (created_at of users and answers) and its comment count (status).
 * Also turns on the six `site_users.allow_update_*` flags on sites where none of them was ever switched on
 * (Answer's installer sets them true; Quorum's first installs stored them false and offered no way to change them).
 */
import type { Kysely } from 'kysely';
import { longText, type DialectName } from '../core/db/dialect.js';

const ALLOW_UPDATE = ['allow_update_avatar', 'allow_update_bio', 'allow_update_display_name', 'allow_update_location', 'allow_update_username', 'allow_update_website'];

/** Creates `admin_audit` and its indexes; updates the stored `site_users` section. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('changes', longText(dialect), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('admin_audit_time_idx').on('admin_audit').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('admin_audit_target_idx').on('admin_audit').columns(['target_type', 'target_id', 'created_at']).execute();
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('answers_created_idx').on('answers').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('questions_status_newest_idx').on('questions').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('answers_status_newest_idx').on('answers').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_status_idx').on('comments').column('status').execute();

  const row = await db.selectFrom('settings').select('value').where('name', '=', 'site_users').executeTakeFirst();
  const next = row ? siteUsersWithProfileEditing(row.value as string) : null;
  if (next) await db.updateTable('settings').set({ value: next }).where('name', '=', 'site_users').execute();
}

/**
 * The stored `site_users` section with every `allow_update_*` flag on, or null to leave it as it is: when one of
 * them is already on (an administrator chose them) or the stored text is not JSON.
 */
export function siteUsersWithProfileEditing(stored: string): string | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || ALLOW_UPDATE.some((k) => value[k] === true)) return null;
  for (const k of ALLOW_UPDATE) value[k] = true;
  return JSON.stringify(value);
}
