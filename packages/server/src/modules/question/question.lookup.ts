/** Small read helpers of the question list that look into other tables. */
import { requireDb, type AppContext } from '../../core/context.js';
import { findUserIdByName } from './question.lookup.repository.js';

/** User id of a username, or undefined. */
export async function findUserIdByUsername(ctx: AppContext, username: string): Promise<string | undefined> {
  return findUserIdByName(requireDb(ctx), username);
}
