/**
 * Migration 028: `activity_type_user_idx` (activity_type, cancelled, user_id), for the member directory's "editors"
 * order (modules/personal `userDirectory`: members by their edits, the 'edited' timeline rows not cancelled, counted
 * per member). Without it counting every member's edits read the whole activity table, which holds a row for every
 * vote, post and edit; with it the count reads only the edit rows, from the index alone. The badge recount of
 * editors (modules/badge) counts the same rows. The directory's other orders use indexes that exist: users by
 * reputation (users_rank_idx) and by creation (users_created_idx), votes by member (votes_user_time_idx).
 * On SQLite the table's planner statistics are refreshed at once (as migrations 016 and 018-024 do).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('activity_type_user_idx').on('activity').columns(['activity_type', 'cancelled', 'user_id']).execute();
  if (dialect === 'sqlite') await sql`analyze activity`.execute(db);
}
