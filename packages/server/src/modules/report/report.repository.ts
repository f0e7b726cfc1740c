/**
 * Queries of flags (`reports`, migration 001; indexes in 008; weight and hid_status in 029): a member's open flag
 * on an object, waiting flags by kind (posts or users), counts and flag scores, a flagger's record, and the
 * compare-and-set that settles them.
 */
import type { Insertable, Selectable } from 'kysely';
import { FlagStatus } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import type { ReportsTable } from '../../core/db/schema.js';

export type ReportRow = Selectable<ReportsTable>;
const POST_TYPES = ['question', 'answer', 'comment'];

/** Writes a flag. */
export async function insertReport(db: Db, row: Insertable<ReportsTable>): Promise<void> {
  await db.kysely.insertInto('reports').values(row).execute();
}

/** The member's waiting flag on an object, if any. */
export function findOpenFlag(db: Db, userId: string, objectId: string): Promise<ReportRow | undefined> {
  return db.kysely.selectFrom('reports').selectAll().where('user_id', '=', userId).where('object_id', '=', objectId).where('status', '=', FlagStatus.pending).executeTakeFirst();
}

/** Of `objectIds`, those the member has a waiting flag on. */
export async function flaggedByUser(db: Db, userId: string, objectIds: string[]): Promise<Set<string>> {
  if (!objectIds.length) return new Set();
  const rows = await db.kysely.selectFrom('reports').select('object_id').where('user_id', '=', userId).where('object_id', 'in', objectIds).where('status', '=', FlagStatus.pending).execute();
  return new Set(rows.map((r) => r.object_id));
}

/** A flag by id. */
export function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  return db.kysely.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Waiting flags of one kind whose object is still there (a post deleted elsewhere or a deleted user drops out),
 * one row per flag, oldest first.
 */
function waiting(db: Db, kind: 'post' | 'user') {
  const q = db.kysely.selectFrom('reports as r').where('r.status', '=', FlagStatus.pending);
  if (kind === 'user') {
    return q.where('r.object_type', '=', 'user').where((eb) => eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'r.object_id').where('u.status', '=', 10))));
  }
  return q
    .where('r.object_type', 'in', POST_TYPES)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('questions as q').select('q.id').whereRef('q.id', '=', 'r.object_id').where('q.status', '=', 10)),
          eb.exists(eb.selectFrom('answers as a').select('a.id').whereRef('a.id', '=', 'r.object_id').where('a.status', '=', 10)),
          eb.exists(eb.selectFrom('comments as c').select('c.id').whereRef('c.id', '=', 'r.object_id').where('c.status', '=', 10)),
        ]),
      ),
    );
}

/**
 * A page of waiting flags of a kind: posts by their flag score (the sum of the weights of the waiting flags on
 * the same post), highest first, then oldest first; members oldest first.
 */
export function listWaiting(db: Db, kind: 'post' | 'user', offset: number, limit: number): Promise<ReportRow[]> {
  let q = waiting(db, kind).selectAll('r');
  if (kind === 'post') {
    q = q.orderBy((eb) => eb.selectFrom('reports as s').select((s) => s.fn.sum<number>('s.weight').as('score')).whereRef('s.object_id', '=', 'r.object_id').where('s.status', '=', FlagStatus.pending), 'desc');
  }
  return q.orderBy('r.created_at').orderBy('r.id').offset(offset).limit(limit).execute();
}

/** Number of waiting flags of a kind. */
export async function countWaiting(db: Db, kind: 'post' | 'user'): Promise<number> {
  const r = await waiting(db, kind).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Waiting flags per object: object id -> count. */
export async function openFlagCounts(db: Db, objectIds: string[]): Promise<Map<string, number>> {
  if (!objectIds.length) return new Map();
  const rows = await db.kysely
    .selectFrom('reports')
    .select(['object_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('object_id', 'in', objectIds)
    .where('status', '=', FlagStatus.pending)
    .groupBy('object_id')
    .execute();
  return new Map(rows.map((r) => [r.object_id, Number(r.n)]));
}

/** Flag score per object: object id -> the sum of the weights of its waiting flags (thousandths). */
export async function openFlagScores(db: Db, objectIds: string[]): Promise<Map<string, number>> {
  if (!objectIds.length) return new Map();
  const rows = await db.kysely
    .selectFrom('reports')
    .select(['object_id', (eb) => eb.fn.sum<number>('weight').as('score')])
    .where('object_id', 'in', objectIds)
    .where('status', '=', FlagStatus.pending)
    .groupBy('object_id')
    .execute();
  return new Map(rows.map((r) => [r.object_id, Number(r.score)]));
}

/** The flag score of one object (thousandths; 0 without waiting flags). */
export async function scoreOf(db: Db, objectId: string): Promise<number> {
  return (await openFlagScores(db, [objectId])).get(objectId) ?? 0;
}

/** The decision that counts as helpful in a flagger's record: the moderator acted on the flag. */
export const HELPFUL = FlagStatus.completed;

/** Statuses (completed or ignored) of the member's latest `limit` decided flags, newest decision first. */
export async function decidedFlagStatuses(db: Db, userId: string, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('reports')
    .select('status')
    .where('user_id', '=', userId)
    .where('status', 'in', [FlagStatus.completed, FlagStatus.ignored])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.status));
}

/** The waiting flag on an object whose weight hid it pending review (`hid_status` > 0), if any. */
export function hidingFlag(db: Db, objectId: string): Promise<ReportRow | undefined> {
  return db.kysely.selectFrom('reports').selectAll().where('object_id', '=', objectId).where('status', '=', FlagStatus.pending).where('hid_status', '>', 0).executeTakeFirst();
}

/** Records on a flag that it hid its post, which had status `priorStatus` (0 clears it). */
export async function markHid(db: Db, flagId: string, priorStatus: number): Promise<void> {
  await db.kysely.updateTable('reports').set({ hid_status: priorStatus }).where('id', '=', flagId).execute();
}

/**
 * Compare-and-set: settles a waiting flag (completed or ignored) by `handlerId`; false when it was settled
 * meanwhile. The other waiting flags on the same object are settled with it (one decision per object).
 */
export async function settleFlag(db: Db, flag: ReportRow, status: number, handlerId: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('reports').set({ status, handled_by: handlerId, updated_at: now }).where('id', '=', flag.id).where('status', '=', FlagStatus.pending).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db.kysely.updateTable('reports').set({ status, handled_by: handlerId, updated_at: now }).where('object_id', '=', flag.object_id).where('status', '=', FlagStatus.pending).execute();
  return true;
}

/** Puts a settled flag back to waiting (the action that followed the settlement failed). */
export async function reopenFlag(db: Db, id: string, now: number): Promise<void> {
  await db.kysely.updateTable('reports').set({ status: FlagStatus.pending, handled_by: '', updated_at: now }).where('id', '=', id).execute();
}

/** Members who flagged an object and whose flags `handlerId` just settled (to tell them the outcome). */
export async function flaggersSettledBy(db: Db, objectId: string, handlerId: string, now: number): Promise<string[]> {
  const rows = await db.kysely.selectFrom('reports').select('user_id').where('object_id', '=', objectId).where('handled_by', '=', handlerId).where('updated_at', '=', now).execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** A comment row's fields a flag needs (any status). */
export function findCommentRow(db: Db, id: string): Promise<{ id: string; user_id: string; object_id: string; question_id: string; original_text: string; parsed_text: string; status: number; created_at: number } | undefined> {
  return db.kysely.selectFrom('comments').select(['id', 'user_id', 'object_id', 'question_id', 'original_text', 'parsed_text', 'status', 'created_at']).where('id', '=', id).executeTakeFirst();
}

/** Records a moderator action in the timeline with its reason text (activity.reason, migration 008). */
export async function insertModeratorActivity(db: Db, a: { id: string; userId: string; objectId: string; originalObjectId: string; activityType: string; reason: string; now: number }): Promise<void> {
  await db.kysely
    .insertInto('activity')
    .values({
      id: a.id, user_id: a.userId, trigger_user_id: '', object_id: a.objectId, original_object_id: a.originalObjectId, activity_type: a.activityType,
      rank: 0, has_rank: 0, cancelled: 0, revision_id: '', rank_key: '', reason: a.reason.slice(0, 1000), created_at: a.now, updated_at: a.now,
    })
    .execute();
}
