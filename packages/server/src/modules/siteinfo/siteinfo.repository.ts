/** Reads and writes the `settings` table: one JSON document per section. */
import { transaction, type Db } from '../../core/db/index.js';

/** All stored sections as parsed JSON, keyed by section name. */
export async function loadSettingsRows(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.kysely.selectFrom('settings').select(['name', 'value']).execute();
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      out[r.name] = JSON.parse(r.value);
    } catch {
      // A hand-edited, broken row falls back to the default.
    }
  }
  return out;
}

/**
 * One JSON document of `settings` by name (e.g. the `ldap` and `saml` rows of modules/ldap and modules/saml, read on
 * every use: no cache, so every node sees a change at once), or undefined when none was saved or the row is not a
 * JSON object.
 */
export async function loadSettingsRow(db: Db, name: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.kysely.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) return undefined;
  try {
    const v = JSON.parse(row.value) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Inserts or replaces one section. */
export async function saveSettingsRow(db: Db, name: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await transaction(db, async (tx) => {
    const trx = tx.kysely;
    const r = await trx.updateTable('settings').set({ value: json, updated_at: now }).where('name', '=', name).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await trx.insertInto('settings').values({ name, value: json, updated_at: now }).execute();
  });
}
