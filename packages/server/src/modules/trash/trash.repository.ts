/**
 * The deletes of emptying the trash (trash.service.ts): the rows of deleted questions, answers and users, and the
 * rows that hang off them, in every table that names them (the schema has no foreign keys, so nothing cascades by
 * itself). Built with Kysely on all three engines; ids go in batches of {@link BATCH} so no statement exceeds an
 * engine's parameter limit.
 */
import type { Kysely } from 'kysely';
import { PostStatus, UserStatus } from '@quorum/contract';
import type { Database, Db } from '../../core/db/index.js';
import { unindexPosts } from '../search/index.js';

/** Ids per statement. */
export const BATCH = 200;

/** A table and the column in it that names a purged object. */
type Ref = readonly [keyof Database, string];

/** Rows that belong to a post or a comment (object_id columns). */
const OBJECT_REFS: Ref[] = [
  ['votes', 'object_id'],
  ['activity', 'object_id'],
  ['revisions', 'object_id'],
  ['collections', 'object_id'],
  ['follows', 'object_id'],
  ['notifications', 'object_id'],
  ['reports', 'object_id'],
  ['meta', 'object_id'],
  ['tag_rel', 'object_id'],
  ['post_locks', 'object_id'],
  ['review_queue', 'id'],
];

/** Rows that belong to a question (question_id columns). */
const QUESTION_REFS: Ref[] = [
  ['question_links', 'from_question_id'],
  ['question_links', 'to_question_id'],
  ['post_locks', 'question_id'],
  ['question_protections', 'question_id'],
  ['close_vote_rounds', 'question_id'],
  ['close_votes', 'question_id'],
  ['bounties', 'question_id'],
  ['staging_questions', 'question_id'],
  ['staging_feedback', 'question_id'],
];

/**
 * Rows that belong to a user account alone. A deleted member's posts, comments and votes stay (they are part of
 * other members' pages and shown without an author), as Answer 2.0.2 keeps them.
 */
const USER_REFS: Ref[] = [
  ['user_sessions', 'user_id'],
  ['external_logins', 'user_id'],
  ['user_codes', 'user_id'],
  ['user_notification_config', 'user_id'],
  ['notifications', 'user_id'],
  ['api_keys', 'user_id'],
  ['follows', 'user_id'],
  ['follows', 'object_id'],
  ['collections', 'user_id'],
  ['user_visit_days', 'user_id'],
  ['user_plugin_configs', 'user_id'],
  ['mail_jobs', 'user_id'],
  ['user_penalties', 'user_id'],
  ['badge_awards', 'user_id'],
  ['review_queue', 'id'],
];

/** Deletes the rows of `refs` naming one of `ids`. */
async function deleteRefs(k: Kysely<Database>, refs: Ref[], ids: string[]): Promise<void> {
  if (!ids.length) return;
  // The table and column come from the fixed lists above; Kysely's types cannot follow a union of tables here.
  const loose = k as unknown as Kysely<Record<string, Record<string, string>>>;
  for (const [table, column] of refs) await loose.deleteFrom(table).where(column, 'in', ids).execute();
}

/** Ids of the rows of `table` with status 10 (deleted), at most BATCH of them. */
async function deletedIds(k: Kysely<Database>, table: 'questions' | 'answers' | 'users'): Promise<string[]> {
  const status = table === 'users' ? UserStatus.deleted : PostStatus.deleted;
  const rows = await k.selectFrom(table).select('id').where('status', '=', status).orderBy('id').limit(BATCH).execute();
  return rows.map((r) => r.id);
}

/** Comments on `objects` (posts) or under `questionIds`. */
async function commentsOn(k: Kysely<Database>, objects: string[], questionIds: string[]): Promise<string[]> {
  if (!objects.length) return [];
  let q = k.selectFrom('comments').select('id').where('object_id', 'in', objects);
  if (questionIds.length) q = q.union(k.selectFrom('comments').select('id').where('question_id', 'in', questionIds));
  return (await q.execute()).map((r) => r.id);
}

/** Removes posts and their comments with everything naming them, and the posts' search documents. */
async function removePosts(tx: Db, questionIds: string[], answerIds: string[]): Promise<void> {
  const k = tx.kysely;
  const posts = [...questionIds, ...answerIds];
  const comments = await commentsOn(k, posts, questionIds);
  for (let i = 0; i < comments.length; i += BATCH) {
    const part = comments.slice(i, i + BATCH);
    await deleteRefs(k, OBJECT_REFS, part);
    await k.deleteFrom('comments').where('id', 'in', part).execute();
  }
  await deleteRefs(k, OBJECT_REFS, posts);
  await deleteRefs(k, QUESTION_REFS, questionIds);
  await unindexPosts(tx, posts);
  if (answerIds.length) {
    await k.updateTable('questions').set({ accepted_answer_id: '' }).where('accepted_answer_id', 'in', answerIds).execute();
    await k.updateTable('questions').set({ last_answer_id: '' }).where('last_answer_id', 'in', answerIds).execute();
    await k.deleteFrom('answers').where('id', 'in', answerIds).execute();
  }
  if (questionIds.length) await k.deleteFrom('questions').where('id', 'in', questionIds).execute();
}

/**
 * One batch of deleted questions: each with all its answers (whatever their status) and comments.
 * @returns how many questions were removed (0 when none is left)
 */
export async function purgeQuestionBatch(tx: Db): Promise<number> {
  const k = tx.kysely;
  const ids = await deletedIds(k, 'questions');
  if (!ids.length) return 0;
  const answers = (await k.selectFrom('answers').select('id').where('question_id', 'in', ids).execute()).map((r) => r.id);
  for (let i = 0; i < answers.length; i += BATCH) await removePosts(tx, [], answers.slice(i, i + BATCH));
  await removePosts(tx, ids, []);
  return ids.length;
}

/** One batch of deleted answers with their comments; @returns how many were removed. */
export async function purgeAnswerBatch(tx: Db): Promise<number> {
  const ids = await deletedIds(tx.kysely, 'answers');
  if (ids.length) await removePosts(tx, [], ids);
  return ids.length;
}

/** One batch of deleted users with their account rows; @returns how many were removed. */
export async function purgeUserBatch(tx: Db): Promise<number> {
  const k = tx.kysely;
  const ids = await deletedIds(k, 'users');
  if (!ids.length) return 0;
  await deleteRefs(k, USER_REFS, ids);
  await k.deleteFrom('users').where('id', 'in', ids).execute();
  return ids.length;
}
