/**
 * The only place that queries `votes`, and the vote counters of the voted objects (questions.vote_count,
 * answers.vote_count, comments.vote_count).
 */
import type { Db } from '../../core/db/index.js';

export type VoteDirection = 'up' | 'down';
export type VotableType = 'question' | 'answer' | 'comment';

/** What a vote needs to know about its target. */
export interface VoteTarget {
  id: string;
  type: VotableType;
  user_id: string;
  status: number;
  /** The question the object belongs to. */
  question_id: string;
  /** 0, or when the question or answer became community wiki (modules/wiki): its author earns nothing from votes then. */
  wiki_at?: number;
}

const TABLE = { question: 'questions', answer: 'answers', comment: 'comments' } as const;

/** The votable object, or undefined. */
export async function findTarget(db: Db, type: VotableType, id: string): Promise<VoteTarget | undefined> {
  if (type === 'question') {
    const r = await db.kysely.selectFrom('questions').select(['id', 'user_id', 'status', 'wiki_at']).where('id', '=', id).executeTakeFirst();
    return r && { ...r, type, question_id: r.id };
  }
  if (type === 'answer') {
    const r = await db.kysely.selectFrom('answers').select(['id', 'user_id', 'status', 'question_id', 'wiki_at']).where('id', '=', id).executeTakeFirst();
    return r && { ...r, type };
  }
  const r = await db.kysely.selectFrom('comments').select(['id', 'user_id', 'status', 'question_id']).where('id', '=', id).executeTakeFirst();
  return r && { ...r, type };
}

/** The user's vote on an object, if any. */
export async function findVote(db: Db, userId: string, objectId: string): Promise<VoteDirection | undefined> {
  const r = await db.kysely.selectFrom('votes').select('vote_type').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  return r?.vote_type as VoteDirection | undefined;
}

/** Inserts a vote and moves the object's score by +1 (up) or -1 (down). Throws the unique violation on a double vote. */
export async function insertVote(db: Db, t: VoteTarget, userId: string, dir: VoteDirection, now: number): Promise<void> {
  await db.kysely.insertInto('votes').values({ user_id: userId, object_id: t.id, object_type: t.type, vote_type: dir, created_at: now }).execute();
  await bumpScore(db, t, dir === 'up' ? 1 : -1);
}

/** Removes a vote and moves the object's score back. */
export async function deleteVote(db: Db, t: VoteTarget, userId: string, dir: VoteDirection): Promise<void> {
  const r = await db.kysely.deleteFrom('votes').where('user_id', '=', userId).where('object_id', '=', t.id).where('vote_type', '=', dir).executeTakeFirst();
  if (Number(r.numDeletedRows) > 0) await bumpScore(db, t, dir === 'up' ? -1 : 1);
}

async function bumpScore(db: Db, t: VoteTarget, delta: number): Promise<void> {
  const table = TABLE[t.type];
  await db.kysely
    .updateTable(table)
    .set((eb: any) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', '=', t.id)
    .execute();
}

/** Up and down vote counts of an object. */
export async function voteCounts(db: Db, objectId: string): Promise<{ up: number; down: number }> {
  const rows = await db.kysely
    .selectFrom('votes')
    .select(['vote_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('object_id', '=', objectId)
    .groupBy('vote_type')
    .execute();
  const n = (t: string) => Number(rows.find((r) => r.vote_type === t)?.n ?? 0);
  return { up: n('up'), down: n('down') };
}
