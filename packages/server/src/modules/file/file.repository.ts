/** The only place that queries `files` (uploaded images). */
import type { Insertable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { FilesTable } from '../../core/db/schema.js';

/** Records an uploaded file. */
export async function insertFile(db: Db, row: Insertable<FilesTable>): Promise<void> {
  await db.kysely.insertInto('files').values(row).execute();
}
