/** The only place that queries `activity` rows and the reputation (`users.rank`) they change. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { ActivityTable } from '../../core/db/schema.js';

export type ActivityRow = Selectable<ActivityTable>;
export type NewActivity = Insertable<ActivityTable>;

/** Inserts one activity row. */
export async function insertActivity(db: Db, row: NewActivity): Promise<void> {
  await db.kysely.insertInto('activity').values(row).execute();
}

/**
 * Sum of the positive reputation applied to a user since `since` (unix seconds), leaving out cancelled rows
 * and the rules in `excludeKeys`.
 */
export async function sumGainsSince(db: Db, userId: string, since: number, excludeKeys: string[]): Promise<number> {
  let q = db.kysely
    .selectFrom('activity')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), sql<number>`0`).as('n'))
    .where('user_id', '=', userId)
    .where('has_rank', '=', 1)
    .where('cancelled', '=', 0)
    .where('rank', '>', 0)
    .where('created_at', '>=', since);
  if (excludeKeys.length) q = q.where('rank_key', 'not in', excludeKeys);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Current reputation of a user, with the row locked for the rest of the transaction (a no-op update takes the
 * row lock on PostgreSQL and MySQL; SQLite runs one writer at a time).
 * @returns the rank, or undefined for an unknown user
 */
export async function lockUserRank(db: Db, userId: string): Promise<number | undefined> {
  await db.kysely.updateTable('users').set({ rank: sql`${sql.ref('rank')}` }).where('id', '=', userId).execute();
  const r = await db.kysely.selectFrom('users').select('rank').where('id', '=', userId).executeTakeFirst();
  return r ? Number(r.rank) : undefined;
}

/** Sets a user's reputation. */
export async function setUserRank(db: Db, userId: string, rank: number): Promise<void> {
  await db.kysely.updateTable('users').set({ rank }).where('id', '=', userId).execute();
}

export interface LiveRowFilter {
  objectId: string;
  activityTypes: string[];
  /** Only rows done by this user: their own rows, and rows they triggered for others. */
  actorId?: string;
}

/** Rows not yet cancelled for an object and activity types (optionally of one actor). */
export async function findLiveRows(db: Db, f: LiveRowFilter): Promise<ActivityRow[]> {
  let q = db.kysely
    .selectFrom('activity')
    .selectAll()
    .where('object_id', '=', f.objectId)
    .where('activity_type', 'in', f.activityTypes)
    .where('cancelled', '=', 0);
  const actor = f.actorId;
  if (actor) q = q.where((eb) => eb.or([eb.and([eb('user_id', '=', actor), eb('trigger_user_id', '=', '')]), eb('trigger_user_id', '=', actor)]));
  return q.orderBy('id').execute();
}

/** Marks rows cancelled. */
export async function markCancelled(db: Db, ids: string[], now: number): Promise<void> {
  if (!ids.length) return;
  await db.kysely.updateTable('activity').set({ cancelled: 1, updated_at: now }).where('id', 'in', ids).execute();
}

/** Every `config` row whose name starts with `prefix`. */
export async function configRows(db: Db, prefix: string): Promise<{ name: string; value: string }[]> {
  return db.kysely.selectFrom('config').select(['name', 'value']).where('name', 'like', `${prefix}%`).execute();
}
