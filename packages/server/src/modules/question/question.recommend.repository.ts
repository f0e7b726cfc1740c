/** Queries of the Recommend list (GET /question/recommend/page): what a user follows, and the questions it selects. */
import { sql } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { QuestionRow } from './question.repository.js';

/** Ids of the tags and of the questions a user follows. */
export async function followedIds(db: Db, userId: string): Promise<{ tagIds: string[]; questionIds: string[] }> {
  const rows = await db.kysely.selectFrom('follows').select(['object_id', 'object_type']).where('user_id', '=', userId).execute();
  return {
    tagIds: rows.filter((r) => r.object_type === 'tag').map((r) => r.object_id),
    questionIds: rows.filter((r) => r.object_type === 'question').map((r) => r.object_id),
  };
}

/**
 * Questions recommended to a user: listed (show 1) and open (status 1) questions that are either followed by
 * the user, or carry a followed tag while being neither asked nor answered by the user. Followed questions
 * first, then pinned, then newest.
 */
function recommended(db: Db, userId: string, tagIds: string[], questionIds: string[]) {
  return db.kysely
    .selectFrom('questions')
    .where('questions.status', '=', 1)
    .where('questions.show', '=', 1)
    .where((eb) => {
      const either = [];
      if (questionIds.length) either.push(eb('questions.id', 'in', questionIds));
      if (tagIds.length) {
        either.push(
          eb.and([
            eb('questions.user_id', '!=', userId),
            eb('questions.id', 'not in', eb.selectFrom('answers').select('answers.question_id').where('answers.user_id', '=', userId)),
            eb('questions.id', 'in', eb.selectFrom('tag_rel').select('tag_rel.object_id').where('tag_rel.tag_id', 'in', tagIds).where('tag_rel.status', '=', 1)),
          ]),
        );
      }
      return eb.or(either);
    });
}

/** One page of the recommended questions (see `recommended`); callers pass at least one tag or question id. */
export function listRecommended(db: Db, userId: string, tagIds: string[], questionIds: string[], offset: number, limit: number): Promise<QuestionRow[]> {
  let q = recommended(db, userId, tagIds, questionIds).selectAll('questions');
  if (questionIds.length) q = q.orderBy(sql`case when questions.id in (${sql.join(questionIds)}) then 0 else 1 end`);
  return q.orderBy('questions.pin', 'desc').orderBy('questions.created_at', 'desc').orderBy('questions.id', 'desc').limit(limit).offset(offset).execute();
}

/** Number of recommended questions. */
export async function countRecommended(db: Db, userId: string, tagIds: string[], questionIds: string[]): Promise<number> {
  const r = await recommended(db, userId, tagIds, questionIds).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
