/**
 * The only place that queries `plugin_store` (migration 015): plugins' short-lived key-value entries, one row per
 * plugin slug and key, with an expiry in unix seconds.
 */
import type { Db } from '../../core/db/dialect.js';

/** The live value of a key, or undefined when absent or expired. */
export async function findEntry(db: Db, slug: string, key: string, now: number): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('plugin_store').select(['value', 'expires_at']).where('slug_name', '=', slug).where('store_key', '=', key).executeTakeFirst();
  return row && Number(row.expires_at) >= now ? row.value : undefined;
}

/** Sets a key (replacing any earlier value) and sweeps expired entries of every plugin. */
export async function putEntry(db: Db, slug: string, key: string, value: string, expiresAt: number, now: number): Promise<void> {
  await db.kysely.deleteFrom('plugin_store').where('expires_at', '<', now).execute();
  await db.kysely.deleteFrom('plugin_store').where('slug_name', '=', slug).where('store_key', '=', key).execute();
  await db.kysely.insertInto('plugin_store').values({ slug_name: slug, store_key: key, value, expires_at: expiresAt }).execute();
}

/**
 * Removes a key and returns its live value. Of two concurrent takes only the one whose delete removed the row gets
 * the value, so a one-time key is used once.
 */
export async function takeEntry(db: Db, slug: string, key: string, now: number): Promise<string | undefined> {
  const value = await findEntry(db, slug, key, now);
  if (value === undefined) return undefined;
  const r = await db.kysely.deleteFrom('plugin_store').where('slug_name', '=', slug).where('store_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0 ? value : undefined;
}
