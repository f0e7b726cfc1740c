/** Penalty queries: the history of a member, the penalty in force, imposing and lifting (with the users row). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { UserPenaltiesTable } from '../../core/db/schema.js';

/** A row of `user_penalties` (migration 027). */
export type PenaltyRow = Selectable<UserPenaltiesTable>;

/** A member's penalties, newest first (at most `limit`). */
export async function listPenalties(db: Db, userId: string, limit = 200): Promise<PenaltyRow[]> {
  return db.kysely.selectFrom('user_penalties').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** How many penalties a member has had (any kind, lifted ones too): the step of the escalation. */
export async function countPenalties(db: Db, userId: string): Promise<number> {
  const row = await db.kysely.selectFrom('user_penalties').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The penalties of `kind` on a member not lifted and not over at `now`. */
export async function activePenalties(db: Db, userId: string, kind: string, now: number): Promise<PenaltyRow[]> {
  return db.kysely
    .selectFrom('user_penalties')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('lifted_at', '=', 0)
    .where((eb) => eb.or([eb('ends_at', '=', 0), eb('ends_at', '>', now)]))
    .execute();
}

/** Marks penalties lifted at `now` by `by`. */
export async function markLifted(db: Db, ids: string[], by: string, now: number): Promise<void> {
  if (!ids.length) return;
  await db.kysely.updateTable('user_penalties').set({ lifted_at: now, lifted_by: by }).where('id', 'in', ids).where('lifted_at', '=', 0).execute();
}

/** Adds a penalty row. */
export async function insertPenalty(db: Db, row: Insertable<UserPenaltiesTable>): Promise<void> {
  await db.kysely.insertInto('user_penalties').values(row).execute();
}

/**
 * Sets the silence in force of a member (`users.silenced_until`: null none, 0 forever, else its end). `updated_at`
 * is left alone: the admin list reads it as when a suspension or deletion happened (Answer's suspended_at).
 */
export async function setSilencedUntil(db: Db, userId: string, until: number | null): Promise<void> {
  await db.kysely.updateTable('users').set({ silenced_until: until }).where('id', '=', userId).execute();
}

/** Sets a member's suspension columns (status 9 + `suspended_until`, 0 forever; or status 1 and null). */
export async function setSuspension(db: Db, userId: string, until: number | null, now: number): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set(until === null ? { status: 1, suspended_until: null, updated_at: now } : { status: 9, suspended_until: until, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Display names of users by id (the administrators of a history). */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, { username: string; display_name: string }>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.kysely.selectFrom('users').select(['id', 'username', 'display_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, display_name: r.display_name || r.username }]));
}

/**
 * Tidies the users rows of penalties past their end (the periodic pass): an ended silence's `silenced_until` back
 * to null, an ended suspension back to status 1. Nothing depends on it (an ended penalty never applies: the
 * guards compare its end with the clock); it keeps the rows as readers outside the guards expect them. Each
 * update matches only ends already passed, so a penalty imposed meanwhile is never touched.
 * @returns users rows changed
 */
export async function clearEnded(db: Db, now: number): Promise<number> {
  const a = await db.kysely.updateTable('users').set({ silenced_until: null }).where('silenced_until', '>', 0).where('silenced_until', '<=', now).executeTakeFirst();
  const b = await db.kysely
    .updateTable('users')
    .set({ status: 1, suspended_until: null, updated_at: now })
    .where('status', '=', 9)
    .where('suspended_until', '>', 0)
    .where('suspended_until', '<=', now)
    .executeTakeFirst();
  return Number(a.numUpdatedRows ?? 0) + Number(b.numUpdatedRows ?? 0);
}
