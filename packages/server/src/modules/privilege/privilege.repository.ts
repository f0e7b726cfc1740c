/** Reads and writes the `config` table (privilege level, custom thresholds, reputation deltas). */
import type { Db } from '../../core/db/index.js';

/** A config value, or undefined when unset. */
export async function getConfigValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('config').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Inserts or replaces a config value. */
export async function setConfigValue(db: Db, name: string, value: string): Promise<void> {
  const r = await db.kysely.updateTable('config').set({ value }).where('name', '=', name).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await db.kysely.insertInto('config').values({ name, value }).execute();
}
