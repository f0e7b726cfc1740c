/** Queries of notification e-mails: the texts quoted in them (answers and comments, as written). */
import type { Db } from '../../core/db/index.js';

/**
 * The markdown source of answers and comments by id (ids of either kind; unknown ids are absent).
 * @returns a map from id to original text
 */
export async function postTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const [answers, comments] = await Promise.all([
    db.kysely.selectFrom('answers').select(['id', 'original_text']).where('id', 'in', unique).execute(),
    db.kysely.selectFrom('comments').select(['id', 'original_text']).where('id', 'in', unique).execute(),
  ]);
  for (const r of [...answers, ...comments]) out.set(r.id, r.original_text);
  return out;
}
