/** The only place that queries `revisions`. Status: 1 pending review, 2 approved, 3 rejected. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { RevisionsTable } from '../../core/db/schema.js';

export type RevisionRow = Selectable<RevisionsTable>;

export const RevisionStatus = { pending: 1, approved: 2, rejected: 3 } as const;

/** Inserts a revision. */
export async function insertRevision(db: Db, row: Insertable<RevisionsTable>): Promise<void> {
  await db.kysely.insertInto('revisions').values(row).execute();
}

/** A revision by id. */
export function findRevision(db: Db, id: string): Promise<RevisionRow | undefined> {
  return db.kysely.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pending revision of an object, if any. */
export function findPendingRevision(db: Db, objectId: string): Promise<RevisionRow | undefined> {
  return db.kysely.selectFrom('revisions').selectAll().where('object_id', '=', objectId).where('status', '=', RevisionStatus.pending).executeTakeFirst();
}

/** Revisions of an object, newest first. */
export function listRevisions(db: Db, objectId: string): Promise<RevisionRow[]> {
  return db.kysely.selectFrom('revisions').selectAll().where('object_id', '=', objectId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Approved revisions of an object, newest first, at most `limit`. */
export function approvedRevisions(db: Db, objectId: string, limit: number): Promise<RevisionRow[]> {
  return db.kysely
    .selectFrom('revisions')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', '=', RevisionStatus.approved)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One page of pending revisions of the given object types, oldest first. */
export function pendingRevisions(db: Db, types: string[], offset: number, limit: number): Promise<RevisionRow[]> {
  if (!types.length) return Promise.resolve([]);
  return db.kysely
    .selectFrom('revisions')
    .selectAll()
    .where('status', '=', RevisionStatus.pending)
    .where('object_type', 'in', types)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Number of pending revisions of the given object types. */
export async function countPendingRevisions(db: Db, types: string[]): Promise<number> {
  if (!types.length) return 0;
  const r = await db.kysely
    .selectFrom('revisions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', RevisionStatus.pending)
    .where('object_type', 'in', types)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Moves a pending revision to approved or rejected.
 * @returns false when it was no longer pending (someone else reviewed it first)
 */
export async function reviewRevision(db: Db, id: string, status: 2 | 3, reviewerId: string, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('revisions')
    .set({ status, reviewer_id: reviewerId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', RevisionStatus.pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
