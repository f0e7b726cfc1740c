/**
 * The only place of modules/ldap that touches Kysely: the member's groups in `directory_groups` (migration 040).
 * The table's type is declared here (it is written by this module only). The settings document is the `ldap` row
 * of `settings`, read and written through modules/siteinfo (loadSettingsRow, saveSettingsRow).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { transaction, type Db } from '../../core/db/index.js';

/** A row of `directory_groups` (migration 040). */
export interface DirectoryGroupRow {
  user_id: string;
  source: string;
  group_key: string;
  name: string;
  dn: string;
  updated_at: number;
}

interface LdapTables {
  directory_groups: DirectoryGroupRow;
}

const k = (db: Db) => db.kysely as unknown as Kysely<LdapTables>;


/** The key of a group: SHA-256 (hex) of its DN in lower case. */
export function groupKey(dn: string): string {
  return createHash('sha256').update(dn.trim().toLowerCase()).digest('hex');
}

/** Replaces the member's groups reported by `source` (duplicates by DN kept once; names cut to 191 characters). */
export async function replaceGroups(db: Db, userId: string, source: string, groups: { dn: string; name: string }[], now: number): Promise<void> {
  const rows = new Map<string, DirectoryGroupRow>();
  for (const g of groups) {
    const key = groupKey(g.dn);
    if (!rows.has(key)) rows.set(key, { user_id: userId, source, group_key: key, name: g.name.slice(0, 191), dn: g.dn.slice(0, 1000), updated_at: now });
  }
  await transaction(db, async (tx) => {
    await k(tx).deleteFrom('directory_groups').where('user_id', '=', userId).where('source', '=', source).execute();
    if (rows.size) await k(tx).insertInto('directory_groups').values([...rows.values()]).execute();
  });
}

/** The member's groups from `source`, by name. */
export async function groupsOf(db: Db, userId: string, source: string): Promise<{ name: string; dn: string }[]> {
  return k(db).selectFrom('directory_groups').select(['name', 'dn']).where('user_id', '=', userId).where('source', '=', source).orderBy('name').execute();
}
