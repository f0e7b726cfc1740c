/**
 * The only place that queries `badge_awards`, `user_visit_days`, the `badge.status.*` config rows, and the counters
 * badge rules compare with thresholds (each one indexed count over a member's own rows, or one post's score or
 * views).
 */
import { PostStatus } from '@quorum/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { BadgeAwardsTable } from '../../core/db/schema.js';
import type { UserMetric } from './badge.data.js';

export type BadgeAwardRow = Selectable<BadgeAwardsTable>;

/** Answer's accepted flag of an answer row. */
const ACCEPTED = 2;

/**
 * Inserts an award unless the same (user, badge, award key) exists.
 * @returns true when this call added it
 */
export async function insertAward(db: Db, row: BadgeAwardRow): Promise<boolean> {
  const insert = db.kysely.insertInto('badge_awards').values(row);
  // MySQL has no ON CONFLICT; INSERT IGNORE skips the duplicate there.
  const q = db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.columns(['user_id', 'badge_id', 'award_key']).doNothing());
  const r = await q.executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Rows per multi-row insert of `insertAwards` (5 columns: far under every engine's parameter limit). */
const AWARD_CHUNK = 1000;

/**
 * Inserts many awards with multi-row inserts, skipping any (user, badge, award key) that exists.
 * @returns how many rows were added
 */
export async function insertAwards(db: Db, rows: BadgeAwardRow[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += AWARD_CHUNK) {
    const insert = db.kysely.insertInto('badge_awards').values(rows.slice(i, i + AWARD_CHUNK));
    const q = db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.columns(['user_id', 'badge_id', 'award_key']).doNothing());
    added += Number((await q.executeTakeFirst()).numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Which of `badgeIds` (with their award keys) a user already holds: a set of `badge_id:award_key`. */
export async function heldAwards(db: Db, userId: string, badgeIds: string[]): Promise<Set<string>> {
  if (!badgeIds.length) return new Set();
  const rows = await db.kysely.selectFrom('badge_awards').select(['badge_id', 'award_key']).where('user_id', '=', userId).where('badge_id', 'in', badgeIds).execute();
  return new Set(rows.map((r) => `${r.badge_id}:${r.award_key}`));
}

/** Awards per badge: `{badge_id: n}`. */
export async function awardCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('badge_awards').select(['badge_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('badge_id').execute();
  return new Map(rows.map((r) => [r.badge_id, Number(r.n)]));
}

/** A user's awards per badge: `{badge_id: n}`. */
export async function userAwardCounts(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('badge_awards').select(['badge_id', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', '=', userId).groupBy('badge_id').execute();
  return new Map(rows.map((r) => [r.badge_id, Number(r.n)]));
}

/** A user's badges, most recently earned first: one row per badge with its count and latest time. */
export async function userBadges(db: Db, userId: string, limit?: number): Promise<{ badge_id: string; n: number; last: number }[]> {
  let q = db.kysely
    .selectFrom('badge_awards')
    .select(['badge_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max<number>('created_at').as('last')])
    .where('user_id', '=', userId)
    .groupBy('badge_id')
    .orderBy('last', 'desc')
    .orderBy('badge_id');
  if (limit) q = q.limit(limit);
  return (await q.execute()).map((r) => ({ badge_id: r.badge_id, n: Number(r.n), last: Number(r.last) }));
}

/** One page of a badge's awards, newest first (optionally of one user), and their total. */
export async function awardPage(db: Db, badgeId: string, userId: string | undefined, offset: number, limit: number): Promise<{ rows: BadgeAwardRow[]; count: number }> {
  let q = db.kysely.selectFrom('badge_awards').where('badge_id', '=', badgeId);
  if (userId) q = q.where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** The `badge.status.<id>` rows: badges an administrator switched off ('inactive') or on again. */
export async function statusRows(db: Db): Promise<Map<string, string>> {
  const rows = await db.kysely.selectFrom('config').select(['name', 'value']).where('name', 'like', 'badge.status.%').execute();
  return new Map(rows.map((r) => [r.name.slice('badge.status.'.length), r.value]));
}

/** Stores a badge's status. */
export async function setStatus(db: Db, badgeId: string, status: string): Promise<void> {
  const name = `badge.status.${badgeId}`;
  const r = await db.kysely.updateTable('config').set({ value: status }).where('name', '=', name).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await db.kysely.insertInto('config').values({ name, value: status }).execute();
}

/** Records that a member was active on a UTC day (days since 1970). @returns true when the day is new */
export async function addVisitDay(db: Db, userId: string, day: number): Promise<boolean> {
  const seen = await db.kysely.selectFrom('user_visit_days').select('day').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  if (seen) return false;
  try {
    await db.kysely.insertInto('user_visit_days').values({ user_id: userId, day }).execute();
    return true;
  } catch {
    return false; // a concurrent request recorded it
  }
}

/** Number of consecutive active days ending on `day` (0 when `day` itself is not recorded). Reads at most `max` rows. */
export async function consecutiveDays(db: Db, userId: string, day: number, max: number): Promise<number> {
  const rows = await db.kysely.selectFrom('user_visit_days').select('day').where('user_id', '=', userId).where('day', '<=', day).orderBy('day', 'desc').limit(max).execute();
  let n = 0;
  for (const r of rows) {
    if (Number(r.day) !== day - n) break;
    n += 1;
  }
  return n;
}

const countOf = async (q: { select: (f: (eb: any) => any) => { executeTakeFirst: () => Promise<{ n?: unknown } | undefined> } }): Promise<number> =>
  Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);

/** A member's counter for badge rules (visible posts only; cancelled votes are deleted rows). */
export async function userMetric(db: Db, userId: string, metric: Exclude<UserMetric, 'consecutive_days'>): Promise<number> {
  const k = db.kysely;
  const visible = [PostStatus.normal, PostStatus.closed];
  switch (metric) {
    case 'questions':
      return countOf(k.selectFrom('questions').where('user_id', '=', userId).where('status', 'in', visible));
    case 'answers':
      return countOf(k.selectFrom('answers').where('user_id', '=', userId).where('status', 'in', visible));
    case 'accepted_answers':
      return countOf(k.selectFrom('answers').where('user_id', '=', userId).where('accepted', '=', ACCEPTED).where('status', 'in', visible));
    case 'acceptances_given':
      return countOf(k.selectFrom('questions').where('user_id', '=', userId).where('accepted_answer_id', '!=', '').where('status', 'in', visible));
    case 'up_votes_cast':
    case 'down_votes_cast':
      return countOf(k.selectFrom('votes').where('user_id', '=', userId).where('vote_type', '=', metric === 'up_votes_cast' ? 'up' : 'down'));
    case 'votes_cast':
      return countOf(k.selectFrom('votes').where('user_id', '=', userId));
    case 'comments':
      return countOf(k.selectFrom('comments').where('user_id', '=', userId).where('status', '=', PostStatus.normal));
    case 'edits':
      return countOf(k.selectFrom('activity').where('user_id', '=', userId).where('activity_type', '=', 'edited').where('cancelled', '=', 0));
    case 'profile_complete': {
      const u = await k.selectFrom('users').select(['bio', 'location', 'website']).where('id', '=', userId).executeTakeFirst();
      return u && u.bio.trim() !== '' && (u.location.trim() !== '' || u.website.trim() !== '') ? 1 : 0;
    }
  }
}

/** A question's or answer's author, score (up minus down votes) and status; undefined when unknown. */
export async function postScore(db: Db, objectType: 'question' | 'answer', id: string): Promise<{ user_id: string; score: number; status: number } | undefined> {
  const r = await db.kysely
    .selectFrom(objectType === 'question' ? 'questions' : 'answers')
    .select(['user_id', 'vote_count', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { user_id: r.user_id, score: Number(r.vote_count), status: Number(r.status) } : undefined;
}

/** Authors and view counts of questions at or over `min` views among `ids`. */
export async function viewedQuestions(db: Db, ids: string[], min: number): Promise<{ id: string; user_id: string; views: number }[]> {
  if (!ids.length) return [];
  const rows = await db.kysely.selectFrom('questions').select(['id', 'user_id', 'view_count']).where('id', 'in', ids).where('view_count', '>=', min).where('status', 'in', [PostStatus.normal, PostStatus.closed]).execute();
  return rows.map((r) => ({ id: r.id, user_id: r.user_id, views: Number(r.view_count) }));
}

/** Object info of awarded posts: question id, title and type of each id that is a question, answer or comment. */
export async function postRefs(db: Db, ids: string[]): Promise<Map<string, { question_id: string; title: string }>> {
  const out = new Map<string, { question_id: string; title: string }>();
  const uniq = [...new Set(ids.filter(Boolean))];
  if (!uniq.length) return out;
  // Only posts every reader may open (question/info's rule): a post deleted or queued after the award shows as
  // an award without a post, never with its title.
  const visible = [PostStatus.normal, PostStatus.closed];
  const [qs, as] = await Promise.all([
    db.kysely.selectFrom('questions').select(['id', 'title']).where('id', 'in', uniq).where('status', 'in', visible).execute(),
    db.kysely.selectFrom('answers').innerJoin('questions', 'questions.id', 'answers.question_id').select(['answers.id as id', 'questions.id as qid', 'questions.title as title'])
      .where('answers.id', 'in', uniq).where('answers.status', 'in', visible).where('questions.status', 'in', visible).execute(),
  ]);
  for (const q of qs) out.set(q.id, { question_id: q.id, title: q.title });
  for (const a of as) out.set(a.id, { question_id: a.qid, title: a.title });
  return out;
}

/**
 * Members whose counter reaches `min`, in one grouped query (the recount after an import); `profile_complete` lists
 * the members with a complete profile.
 */
export async function usersReaching(db: Db, metric: Exclude<UserMetric, 'consecutive_days'>, min: number): Promise<string[]> {
  const k = db.kysely;
  const visible = [PostStatus.normal, PostStatus.closed];
  const n = sql<number>`count(*)`;
  let rows: { user_id: string }[];
  switch (metric) {
    case 'questions':
      rows = await k.selectFrom('questions').select('user_id').where('status', 'in', visible).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'answers':
      rows = await k.selectFrom('answers').select('user_id').where('status', 'in', visible).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'accepted_answers':
      rows = await k.selectFrom('answers').select('user_id').where('accepted', '=', ACCEPTED).where('status', 'in', visible).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'acceptances_given':
      rows = await k.selectFrom('questions').select('user_id').where('accepted_answer_id', '!=', '').where('status', 'in', visible).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'up_votes_cast':
    case 'down_votes_cast':
      rows = await k.selectFrom('votes').select('user_id').where('vote_type', '=', metric === 'up_votes_cast' ? 'up' : 'down').groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'votes_cast':
      rows = await k.selectFrom('votes').select('user_id').groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'comments':
      rows = await k.selectFrom('comments').select('user_id').where('status', '=', PostStatus.normal).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'edits':
      rows = await k.selectFrom('activity').select('user_id').where('activity_type', '=', 'edited').where('cancelled', '=', 0).groupBy('user_id').having(n, '>=', min).execute();
      break;
    case 'profile_complete':
      rows = await k
        .selectFrom('users')
        .select('id as user_id')
        .where('bio', '!=', '')
        .where((eb) => eb.or([eb('location', '!=', ''), eb('website', '!=', '')]))
        .execute();
      break;
  }
  return rows.map((r) => r.user_id);
}

/** Holders of a badge among `userIds` (single badges: award key ''). */
export async function holders(db: Db, badgeId: string): Promise<Set<string>> {
  const rows = await db.kysely.selectFrom('badge_awards').select(['user_id', 'award_key']).where('badge_id', '=', badgeId).execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.award_key}`));
}

/** Visible posts, with their authors, whose score (`score`) or view count (`views`, questions) reaches `min`. */
export async function postsReaching(db: Db, kind: 'score' | 'views', objectType: 'question' | 'answer', min: number): Promise<{ id: string; user_id: string }[]> {
  const visible = [PostStatus.normal, PostStatus.closed];
  if (kind === 'views') return db.kysely.selectFrom('questions').select(['id', 'user_id']).where('view_count', '>=', min).where('status', 'in', visible).execute();
  return db.kysely
    .selectFrom(objectType === 'question' ? 'questions' : 'answers')
    .select(['id', 'user_id'])
    .where('vote_count', '>=', min)
    .where('status', 'in', visible)
    .execute();
}

/** A user's id by username, or undefined. */
export async function userIdByUsername(db: Db, username: string): Promise<string | undefined> {
  const r = await db.kysely.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return r?.id;
}
