/** Reads the posts (questions, answers) that comments, reactions, bookmarks and invitations hang off. */
import { prepared, type Db } from '../../core/db/index.js';

/** A question or an answer with what access checks and notifications need. */
export interface PostTarget {
  object_id: string;
  object_type: 'question' | 'answer';
  question_id: string;
  /** '' for a question. */
  answer_id: string;
  /** Author of the object itself. */
  user_id: string;
  status: number;
  question_status: number;
  question_user_id: string;
  title: string;
}

const questionTargets = prepared((k, ids: string[]) => k.selectFrom('questions').select(['id', 'user_id', 'status', 'title']).where('id', 'in', ids));
const answerTargets = prepared((k, ids: string[]) =>
  k
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select(['answers.id', 'answers.user_id', 'answers.status', 'answers.question_id', 'questions.status as question_status', 'questions.user_id as question_user_id', 'questions.title'])
    .where('answers.id', 'in', ids),
);

/**
 * Questions and answers by id in two queries (answers joined to their question).
 * @returns id -> target; unknown ids are absent
 */
export async function findPostTargets(db: Db, ids: string[]): Promise<Map<string, PostTarget>> {
  const out = new Map<string, PostTarget>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const [questions, answers] = await Promise.all([questionTargets(db, unique), answerTargets(db, unique)]);
  for (const q of questions) {
    out.set(q.id, { object_id: q.id, object_type: 'question', question_id: q.id, answer_id: '', user_id: q.user_id, status: q.status, question_status: q.status, question_user_id: q.user_id, title: q.title });
  }
  for (const a of answers) {
    out.set(a.id, { object_id: a.id, object_type: 'answer', question_id: a.question_id, answer_id: a.id, user_id: a.user_id, status: a.status, question_status: a.question_status, question_user_id: a.question_user_id, title: a.title });
  }
  return out;
}
