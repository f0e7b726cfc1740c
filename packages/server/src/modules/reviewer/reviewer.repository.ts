/**
 * Queries of the built-in reviewer: a member's recent bodies (questions, answers and comments not deleted), for
 * the repeated-text rule (reviewer.rules.ts).
 */
import type { Db } from '../../core/db/index.js';

/** Most recent bodies read per kind. */
const PER_KIND = 20;
const DELETED = 10;

/**
 * The member's bodies created since `since` (unix seconds), newest first, at most 20 of each kind.
 * @param exceptId a post left out (the one being edited)
 */
export async function recentBodies(db: Db, userId: string, since: number, exceptId: string): Promise<string[]> {
  const k = db.kysely;
  const [q, a, c] = await Promise.all([
    k.selectFrom('questions').select(['original_text as body']).where('user_id', '=', userId).where('created_at', '>=', since).where('status', '!=', DELETED).where('id', '!=', exceptId).orderBy('created_at', 'desc').limit(PER_KIND).execute(),
    k.selectFrom('answers').select(['original_text as body']).where('user_id', '=', userId).where('created_at', '>=', since).where('status', '!=', DELETED).where('id', '!=', exceptId).orderBy('created_at', 'desc').limit(PER_KIND).execute(),
    k.selectFrom('comments').select(['original_text as body']).where('user_id', '=', userId).where('created_at', '>=', since).where('status', '!=', DELETED).where('id', '!=', exceptId).orderBy('created_at', 'desc').limit(PER_KIND).execute(),
  ]);
  return [...q, ...a, ...c].map((r) => String(r.body ?? ''));
}
