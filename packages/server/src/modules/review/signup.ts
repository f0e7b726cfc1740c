/**
 * Queuing a sign-up: when the login setting `require_user_approval` is on (default off), a new account is created
 * with status pending (UserStatus.pending, Quorum; Answer has no such state) and a `review_queue` row, in the same
 * transaction. A pending account can log in, verify its e-mail and change its settings, but every call that needs
 * an active member answers 403 `error.user.pending_approval` (core/auth) until a moderator approves it
 * (review.users.ts). Kept apart from review.users.ts so that registration (modules/user) can queue an account
 * without importing the moderation calls, which import the user module.
 */
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { getSettings } from '../siteinfo/index.js';
import { insertReview } from './review.repository.js';

/** Whether new accounts wait for approval (login.require_user_approval, default off). */
export async function signUpNeedsApproval(ctx: AppContext): Promise<boolean> {
  return ((await getSettings(ctx)).login as unknown as Record<string, unknown>).require_user_approval === true;
}

/**
 * Puts a just-created account in the review queue; call inside the transaction that inserts it with status
 * pending (check `signUpNeedsApproval` before opening it: reading settings inside a SQLite transaction would wait
 * on itself).
 * @param userId the new account's id (also the review's id)
 * @param now unix seconds
 */
export async function queueSignUp(tx: Db, userId: string, now: number): Promise<void> {
  await insertReview(tx, { id: userId, object_type: 'user', user_id: userId, reason: 'approval_required', now });
}
