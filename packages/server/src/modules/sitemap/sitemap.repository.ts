/**
 * Reads for the sitemap: listed questions and main tags by id range (primary-key range scans, never the whole
 * table), and the highest id of each, which says how many sitemap files there are.
 */
import type { Db } from '../../core/db/dialect.js';

/** A listed question as the sitemap needs it; times in Unix seconds. */
export interface SitemapQuestion {
  id: string;
  title: string;
  updated_at: number;
  post_updated_at: number;
}

/** A main tag (not a synonym) as the sitemap needs it. */
export interface SitemapTag {
  slug_name: string;
  updated_at: number;
}

/** The highest id of a table, or null when it is empty (a MAX over the primary key: one index step). */
export async function maxId(db: Db, table: 'questions' | 'tags'): Promise<string | null> {
  const row = await db.kysely.selectFrom(table).select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id ? String(row.id) : null;
}

/** Listed (normal or closed, shown) questions with `from <= id <= to`, by id. */
export async function questionsInRange(db: Db, from: string, to: string): Promise<SitemapQuestion[]> {
  const rows = await db.kysely
    .selectFrom('questions')
    .select(['id', 'title', 'updated_at', 'post_updated_at'])
    .where('id', '>=', from)
    .where('id', '<=', to)
    .where('status', 'in', [1, 2])
    .where('show', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, updated_at: Number(r.updated_at), post_updated_at: Number(r.post_updated_at) }));
}

/** Available main tags with `from <= id <= to`, by id. */
export async function tagsInRange(db: Db, from: string, to: string): Promise<SitemapTag[]> {
  const rows = await db.kysely
    .selectFrom('tags')
    .select(['slug_name', 'updated_at'])
    .where('id', '>=', from)
    .where('id', '<=', to)
    .where('status', '=', 1)
    .where('main_tag_id', '=', '')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ slug_name: r.slug_name, updated_at: Number(r.updated_at) }));
}
