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

/**
 * Who lists the review queue: moderators and admins (`staff`) see every post; other reviewers the posts
 * question/info and answer/info show them (not deleted; queued ones only their own) and live tags.
 */
export interface QueueReader {
  userId: string;
  staff: boolean;
}

/** Pending revisions of the given object types, narrowed to the objects the reader may see. */
function pendingOf(db: Db, types: string[], reader: QueueReader) {
  let q = db.kysely.selectFrom('revisions').where('revisions.status', '=', RevisionStatus.pending).where('revisions.object_type', 'in', types);
  if (reader.staff) return q;
  const uid = reader.userId;
  // A post the reader may see: not deleted, and not queued unless theirs (comment/target.ts `canSeePost`).
  q = q.where((eb) =>
    eb.or([
      eb.and([
        eb('revisions.object_type', '=', 'question'),
        eb.exists(
          eb.selectFrom('questions as q').select('q.id').whereRef('q.id', '=', 'revisions.object_id')
            .where('q.status', '!=', 10).where((w) => w.or([w('q.status', '!=', 11), w('q.user_id', '=', uid)])),
        ),
      ]),
      eb.and([
        eb('revisions.object_type', '=', 'answer'),
        eb.exists(
          eb.selectFrom('answers as a').innerJoin('questions as aq', 'aq.id', 'a.question_id').select('a.id').whereRef('a.id', '=', 'revisions.object_id')
            .where('a.status', '!=', 10).where((w) => w.or([w('a.status', '!=', 11), w('a.user_id', '=', uid)]))
            .where('aq.status', '!=', 10).where((w) => w.or([w('aq.status', '!=', 11), w('aq.user_id', '=', uid)])),
        ),
      ]),
      eb.and([eb('revisions.object_type', '=', 'tag'), eb.exists(eb.selectFrom('tags as t').select('t.id').whereRef('t.id', '=', 'revisions.object_id').where('t.status', '=', 1))]),
    ]),
  );
  return q;
}

/** One page of pending revisions of the given object types whose objects the reader may see, oldest first. */
export function pendingRevisions(db: Db, types: string[], reader: QueueReader, offset: number, limit: number): Promise<RevisionRow[]> {
  if (!types.length) return Promise.resolve([]);
  return pendingOf(db, types, reader)
    .selectAll('revisions')
    .orderBy('revisions.created_at')
    .orderBy('revisions.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Number of pending revisions of the given object types whose objects the reader may see. */
export async function countPendingRevisions(db: Db, types: string[], reader: QueueReader): Promise<number> {
  if (!types.length) return 0;
  const r = await pendingOf(db, types, reader)
    .select((eb) => eb.fn.countAll<number>().as('n'))
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
