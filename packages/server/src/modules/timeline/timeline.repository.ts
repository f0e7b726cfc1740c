/** Reads behind timelines: activity rows of an object, its comments' rows, revisions and tags. */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { ActivityTable, RevisionsTable, TagsTable } from '../../core/db/schema.js';

export type ActivityRow = Selectable<ActivityTable>;
export type RevisionRow = Selectable<RevisionsTable>;
export type TagRow = Selectable<TagsTable>;

/**
 * Activity of one post or tag, newest first: rows about the object itself and the 'commented' rows of the
 * comments on it, in one query.
 */
export function activityOf(db: Db, objectId: string): Promise<ActivityRow[]> {
  return db.kysely
    .selectFrom('activity')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('object_id', '=', objectId),
        eb.and([eb('activity_type', '=', 'commented'), eb('object_id', 'in', eb.selectFrom('comments').select('id').where('object_id', '=', objectId))]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

/**
 * Comments by id: id -> parsed text; deleted ones (status 10) only with `withDeleted` (moderators' timelines).
 */
export async function commentTexts(db: Db, ids: string[], withDeleted: boolean): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  let q = db.kysely.selectFrom('comments').select(['id', 'parsed_text']).where('id', 'in', ids);
  if (!withDeleted) q = q.where('status', '=', 1);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.parsed_text]));
}

/** Revisions by id. */
export async function revisionsByIds(db: Db, ids: string[]): Promise<Map<string, RevisionRow>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom('revisions').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The revision of the same object just before `rev`, or undefined.
 * @param readerId when set, only approved revisions (status 2) and this user's own are considered (a reader who
 *   does not review the object's kind)
 */
export function previousRevision(db: Db, rev: RevisionRow, readerId?: string): Promise<RevisionRow | undefined> {
  let q = db.kysely.selectFrom('revisions').selectAll();
  if (readerId !== undefined) q = q.where((eb) => eb.or([eb('status', '=', 2), eb('user_id', '=', readerId)]));
  return q
    .where('object_id', '=', rev.object_id)
    .where((eb) => eb.or([eb('created_at', '<', rev.created_at), eb.and([eb('created_at', '=', rev.created_at), eb('id', '<', rev.id)])]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A tag by id, any status. */
export function findTag(db: Db, id: string): Promise<TagRow | undefined> {
  return db.kysely.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Tags by slug or id: key -> row. */
export async function tagsByKeys(db: Db, slugs: string[], ids: string[]): Promise<TagRow[]> {
  if (!slugs.length && !ids.length) return [];
  return db.kysely
    .selectFrom('tags')
    .selectAll()
    .where((eb) => eb.or([...(slugs.length ? [eb('slug_name', 'in', slugs)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
    .execute();
}
