/** The only place that queries `tags` and `tag_rel`. */
import type { Insertable, Selectable } from 'kysely';
import { prepared, type Db } from '../../core/db/index.js';
import type { ActivityTable, RevisionsTable, TagsTable } from '../../core/db/schema.js';

export type TagRow = Selectable<TagsTable>;

/** Tags by slug (lower-case), live ones only. */
export async function findTagsBySlugs(db: Db, slugs: string[]): Promise<TagRow[]> {
  if (!slugs.length) return [];
  return db.kysely.selectFrom('tags').selectAll().where('slug_name', 'in', slugs).where('status', '=', 1).execute();
}

/** Tags by id. */
export async function findTagsByIds(db: Db, ids: string[]): Promise<TagRow[]> {
  if (!ids.length) return [];
  return db.kysely.selectFrom('tags').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** Inserts a tag. */
export async function insertTag(db: Db, row: TagRow): Promise<void> {
  await db.kysely.insertInto('tags').values(row).execute();
}

/** Links a question to tags and adds 1 to each tag's question_count. */
export async function linkQuestionTags(db: Db, questionId: string, tagIds: string[], now: number): Promise<void> {
  if (!tagIds.length) return;
  await db.kysely.insertInto('tag_rel').values(tagIds.map((tag_id) => ({ object_id: questionId, tag_id, status: 1, created_at: now }))).execute();
  await db.kysely
    .updateTable('tags')
    .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
    .where('id', 'in', tagIds)
    .execute();
}

const tagsOfQuestionsQuery = prepared((k, questionIds: string[]) =>
  k.selectFrom('tag_rel').innerJoin('tags', 'tags.id', 'tag_rel.tag_id').selectAll('tags').select('tag_rel.object_id as question_id').where('tag_rel.object_id', 'in', questionIds).where('tag_rel.status', '=', 1),
);

/** Tag rows of many questions in one query: question id -> tags (in link order). */
export async function tagsOfQuestions(db: Db, questionIds: string[]): Promise<Map<string, TagRow[]>> {
  const out = new Map<string, TagRow[]>();
  if (!questionIds.length) return out;
  const rows = await tagsOfQuestionsQuery(db, questionIds);
  for (const r of rows) {
    const { question_id, ...tag } = r;
    const list = out.get(question_id) ?? [];
    list.push(tag);
    out.set(question_id, list);
  }
  return out;
}

/** Tags whose slug or display name starts with `prefix`, most used first. */
export async function searchTagsByPrefix(db: Db, prefix: string, limit: number): Promise<TagRow[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.kysely
    .selectFrom('tags')
    .selectAll()
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('slug_name', 'like', like), eb('display_name', 'like', like)]))
    .orderBy('question_count', 'desc')
    .orderBy('slug_name')
    .limit(limit)
    .execute();
}

/** The id of a live tag by slug, or undefined. */
export async function findTagIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('tags').select(['id', 'main_tag_id']).where('slug_name', '=', slug).where('status', '=', 1).executeTakeFirst();
  return r ? r.main_tag_id || r.id : undefined;
}

/** A tag by id, any status. */
export function findTagById(db: Db, id: string): Promise<TagRow | undefined> {
  return db.kysely.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A tag by slug, any status. */
export function findTagBySlug(db: Db, slug: string): Promise<TagRow | undefined> {
  return db.kysely.selectFrom('tags').selectAll().where('slug_name', '=', slug).executeTakeFirst();
}

export type TagListOrder = 'popular' | 'name' | 'newest';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of live main tags (synonyms are listed under their main tag), optionally filtered by a slug or
 * display-name prefix.
 */
export async function pageTags(db: Db, f: { prefix?: string; order: TagListOrder; offset: number; limit: number }): Promise<{ rows: TagRow[]; count: number }> {
  let q = db.kysely.selectFrom('tags').where('status', '=', 1).where('main_tag_id', '=', '');
  if (f.prefix) {
    const like = `${escapeLike(f.prefix)}%`;
    q = q.where((eb) => eb.or([eb('slug_name', 'like', like), eb('display_name', 'like', like)]));
  }
  let list = q.selectAll();
  if (f.order === 'name') list = list.orderBy('slug_name');
  else if (f.order === 'newest') list = list.orderBy('created_at', 'desc').orderBy('id', 'desc');
  else list = list.orderBy('question_count', 'desc').orderBy('slug_name');
  const [rows, n] = await Promise.all([
    list.limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(n.n) };
}

/** Which of `tagIds` the user follows. */
export async function followedAmong(db: Db, userId: string, tagIds: string[]): Promise<Set<string>> {
  if (!tagIds.length) return new Set();
  const rows = await db.kysely.selectFrom('follows').select('object_id').where('user_id', '=', userId).where('object_id', 'in', tagIds).execute();
  return new Set(rows.map((r) => r.object_id));
}

/** Live tags a user follows, by slug. */
export function followedTags(db: Db, userId: string): Promise<TagRow[]> {
  return db.kysely
    .selectFrom('follows')
    .innerJoin('tags', 'tags.id', 'follows.object_id')
    .selectAll('tags')
    .where('follows.user_id', '=', userId)
    .where('follows.object_type', '=', 'tag')
    .where('tags.status', '=', 1)
    .orderBy('tags.slug_name')
    .execute();
}

/** Replaces the set of tags a user follows and keeps tags.follow_count in step. */
export async function replaceFollowedTags(db: Db, userId: string, tagIds: string[], now: number): Promise<void> {
  const current = (await db.kysely.selectFrom('follows').select('object_id').where('user_id', '=', userId).where('object_type', '=', 'tag').execute()).map((r) => r.object_id);
  const wanted = new Set(tagIds);
  const removed = current.filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !current.includes(id));
  if (removed.length) {
    await db.kysely.deleteFrom('follows').where('user_id', '=', userId).where('object_id', 'in', removed).execute();
    await db.kysely.updateTable('tags').set((eb) => ({ follow_count: eb('follow_count', '-', 1) })).where('id', 'in', removed).where('follow_count', '>', 0).execute();
  }
  if (added.length) {
    await db.kysely.insertInto('follows').values(added.map((object_id) => ({ user_id: userId, object_id, object_type: 'tag', created_at: now }))).execute();
    await db.kysely.updateTable('tags').set((eb) => ({ follow_count: eb('follow_count', '+', 1) })).where('id', 'in', added).execute();
  }
}

/** Changes a tag's editable fields. */
export async function updateTagFields(db: Db, id: string, fields: Partial<Pick<TagRow, 'slug_name' | 'display_name' | 'original_text' | 'parsed_text' | 'revision_id' | 'status' | 'updated_at'>>): Promise<void> {
  await db.kysely.updateTable('tags').set(fields).where('id', '=', id).execute();
}

/** Inserts a revision row of a tag (status 1 pending review, 2 applied). */
export async function insertTagRevision(db: Db, row: Insertable<RevisionsTable>): Promise<void> {
  await db.kysely.insertInto('revisions').values(row).execute();
}

/** Inserts an activity row of a tag (timeline). */
export async function insertTagActivity(db: Db, row: Insertable<ActivityTable>): Promise<void> {
  await db.kysely.insertInto('activity').values(row).execute();
}

/** Number of revisions of an object (any status). */
export async function countRevisions(db: Db, objectId: string): Promise<number> {
  const r = await db.kysely.selectFrom('revisions').select((eb) => eb.fn.countAll<number>().as('n')).where('object_id', '=', objectId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Number of live question links of a tag. */
export async function countTagQuestions(db: Db, tagId: string): Promise<number> {
  const r = await db.kysely.selectFrom('tag_rel').select((eb) => eb.fn.countAll<number>().as('n')).where('tag_id', '=', tagId).where('status', '=', 1).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Live synonyms of a main tag. */
export function synonymsOf(db: Db, mainId: string): Promise<TagRow[]> {
  return db.kysely.selectFrom('tags').selectAll().where('main_tag_id', '=', mainId).where('status', '=', 1).orderBy('slug_name').execute();
}

/** Detaches every synonym of a tag (they become ordinary tags again). */
export async function clearSynonymsOf(db: Db, mainId: string): Promise<void> {
  await db.kysely.updateTable('tags').set({ main_tag_id: '' }).where('main_tag_id', '=', mainId).execute();
}

/**
 * Makes `synIds` the complete synonym list of `mainId`: former synonyms are detached, synonyms of the new
 * synonyms move to the main tag, and questions filed under a synonym are re-filed under the main tag
 * (a question that carried both keeps one link). Question counts of all touched tags are recounted.
 */
export async function setSynonyms(db: Db, mainId: string, synIds: string[], now: number): Promise<void> {
  const former = (await db.kysely.selectFrom('tags').select('id').where('main_tag_id', '=', mainId).execute()).map((r) => r.id);
  let detach = db.kysely.updateTable('tags').set({ main_tag_id: '', updated_at: now }).where('main_tag_id', '=', mainId);
  if (synIds.length) detach = detach.where('id', 'not in', synIds);
  await detach.execute();
  if (synIds.length) {
    await db.kysely.updateTable('tags').set({ main_tag_id: mainId, updated_at: now }).where('id', 'in', synIds).execute();
    await db.kysely.updateTable('tags').set({ main_tag_id: mainId, updated_at: now }).where('main_tag_id', 'in', synIds).execute();
  }
  for (const syn of synIds) {
    const underMain = (await db.kysely.selectFrom('tag_rel').select('object_id').where('tag_id', '=', mainId).execute()).map((r) => r.object_id);
    const dupes = (await db.kysely.selectFrom('tag_rel').select('object_id').where('tag_id', '=', syn).execute()).map((r) => r.object_id).filter((id) => underMain.includes(id));
    for (let i = 0; i < dupes.length; i += 500) await db.kysely.deleteFrom('tag_rel').where('tag_id', '=', syn).where('object_id', 'in', dupes.slice(i, i + 500)).execute();
    await db.kysely.updateTable('tag_rel').set({ tag_id: mainId }).where('tag_id', '=', syn).execute();
  }
  await recountTagQuestions(db, [mainId, ...synIds, ...former]);
}

/** Recomputes question_count of the given tags from tag_rel. */
export async function recountTagQuestions(db: Db, tagIds: string[]): Promise<void> {
  if (!tagIds.length) return;
  await db.kysely
    .updateTable('tags')
    .set((eb) => ({
      question_count: eb.selectFrom('tag_rel').select((e) => e.fn.countAll<number>().as('n')).whereRef('tag_rel.tag_id', '=', 'tags.id').where('tag_rel.status', '=', 1),
    }))
    .where('id', 'in', [...new Set(tagIds)])
    .execute();
}
