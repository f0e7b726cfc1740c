/** Small read helpers of the question list that look into other tables. */
import { requireDb, type AppContext } from '../../core/context.js';
import { findAnswerAuthors, findUserIdByName } from './question.lookup.repository.js';

/** Answer id -> author id, for the "answered by" operator of list rows. */
export async function answerAuthors(ctx: AppContext, answerIds: string[]): Promise<Map<string, string>> {
  return findAnswerAuthors(requireDb(ctx), answerIds);
}

/** User id of a username, or undefined. */
export async function findUserIdByUsername(ctx: AppContext, username: string): Promise<string | undefined> {
  return findUserIdByName(requireDb(ctx), username);
}
