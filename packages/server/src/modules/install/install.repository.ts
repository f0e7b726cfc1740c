/** Seed writes of a fresh install, and the installed-state check. */
import type { Db } from '../../core/db/index.js';
import type { TagRow } from '../tag/tag.repository.js';

/** True when the settings and an administrator exist: the installer finished. */
export async function isSeeded(db: Db): Promise<boolean> {
  try {
    const s = await db.kysely.selectFrom('settings').select('name').where('name', '=', 'general').executeTakeFirst();
    if (!s) return false;
    const u = await db.kysely.selectFrom('users').select('id').where('role_id', '=', 2).limit(1).executeTakeFirst();
    return !!u;
  } catch {
    return false;
  }
}

/** Inserts the seed tag when missing. */
export async function insertSeedTag(db: Db, tag: TagRow): Promise<void> {
  const exists = await db.kysely.selectFrom('tags').select('id').where('slug_name', '=', tag.slug_name).executeTakeFirst();
  if (!exists) await db.kysely.insertInto('tags').values(tag).execute();
}
