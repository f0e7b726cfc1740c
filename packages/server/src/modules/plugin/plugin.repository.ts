/** The only place that queries `plugin_configs` and `user_plugin_configs` (migration 011). */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { PluginConfigsTable } from '../../core/db/schema.js';

export type PluginConfigRow = Selectable<PluginConfigsTable>;

/** Every stored plugin row (a handful: one per plugin an administrator touched). */
export async function listPluginRows(db: Db): Promise<PluginConfigRow[]> {
  return db.kysely.selectFrom('plugin_configs').selectAll().execute();
}

/** One plugin's row, or undefined when never touched. */
export async function findPluginRow(db: Db, slug: string): Promise<PluginConfigRow | undefined> {
  return db.kysely.selectFrom('plugin_configs').selectAll().where('slug_name', '=', slug).executeTakeFirst();
}

/** Creates a plugin's row (disabled, empty configuration) unless it exists. */
export async function ensurePluginRow(db: Db, slug: string, now: number): Promise<void> {
  if (await findPluginRow(db, slug)) return;
  try {
    await db.kysely.insertInto('plugin_configs').values({ slug_name: slug, enabled: 0, config: '{}', last_error: '', last_error_at: 0, updated_at: now }).execute();
  } catch {
    // Another request created it between the read and the insert.
  }
}

/** Updates some columns of a plugin's row (create it first with ensurePluginRow). */
export async function updatePluginRow(db: Db, slug: string, patch: Partial<Omit<PluginConfigRow, 'slug_name'>>): Promise<void> {
  await db.kysely.updateTable('plugin_configs').set(patch).where('slug_name', '=', slug).execute();
}

/** A member's stored settings of a plugin (JSON), or undefined. */
export async function findUserPluginConfig(db: Db, userId: string, slug: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('user_plugin_configs').select('config').where('user_id', '=', userId).where('slug_name', '=', slug).executeTakeFirst();
  return row?.config;
}

/** Writes a member's settings of a plugin (insert or replace). */
export async function saveUserPluginConfig(db: Db, userId: string, slug: string, config: string, now: number): Promise<void> {
  // Read first: MySQL counts an update that changes nothing as no row.
  if ((await findUserPluginConfig(db, userId, slug)) !== undefined) {
    await db.kysely.updateTable('user_plugin_configs').set({ config, updated_at: now }).where('user_id', '=', userId).where('slug_name', '=', slug).execute();
    return;
  }
  await db.kysely.insertInto('user_plugin_configs').values({ user_id: userId, slug_name: slug, config, updated_at: now }).execute();
}
