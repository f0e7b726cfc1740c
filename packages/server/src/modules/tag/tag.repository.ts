/** The only place that queries `tags` and `tag_rel`. */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { TagsTable } from '../../core/db/schema.js';

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

/** Tag rows of many questions in one query: question id -> tags (in link order). */
export async function tagsOfQuestions(db: Db, questionIds: string[]): Promise<Map<string, TagRow[]>> {
  const out = new Map<string, TagRow[]>();
  if (!questionIds.length) return out;
  const rows = await db.kysely
    .selectFrom('tag_rel')
    .innerJoin('tags', 'tags.id', 'tag_rel.tag_id')
    .selectAll('tags')
    .select('tag_rel.object_id as question_id')
    .where('tag_rel.object_id', 'in', questionIds)
    .where('tag_rel.status', '=', 1)
    .execute();
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
