/**
 * One user seen by an administrator: the users/{user_id} detail, editing the profile (PUT /admin/api/user/profile,
 * Answer's EditUserProfileReq) and adding one user (POST /admin/api/user, Answer's AddUserReq). Every change is
 * recorded in the admin audit log.
 */
import { MailStatus, type AdminAddUserReq, type AdminEditUserProfileReq, type AdminUserDetail } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { fieldErrors, type FieldIssue } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { recentAdminActions, recordAdminAction } from '../audit/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { getUser } from '../user/index.js';
import { presentAdminUser } from './admin-user.presenter.js';
import * as repo from './admin-user.repository.js';
import { createAdminUsers } from './admin-user.service.js';

/** Admin history entries shown on the detail page. */
const HISTORY = 20;

/** GET /admin/api/user/info?user_id: the list row plus profile fields, counts and the admin actions on the user. */
export async function userDetail(ctx: AppContext, userId: string, lang: string): Promise<AdminUserDetail> {
  const user = await getUser(ctx, userId);
  const roleName = translate(`role.${user.role_id === 2 ? 'admin' : user.role_id === 3 ? 'moderator' : 'user'}.name`, lang);
  const row = presentAdminUser(user, roleName) as unknown as Omit<AdminUserDetail, 'bio' | 'website' | 'location' | 'last_login_date' | 'question_count' | 'answer_count' | 'history'>;
  return {
    ...row,
    bio: user.bio,
    website: user.website,
    location: user.location,
    last_login_date: Number(user.last_login_date),
    question_count: user.question_count,
    answer_count: user.answer_count,
    history: await recentAdminActions(ctx, HISTORY, { type: 'user', id: user.id }),
  };
}

/**
 * PUT /admin/api/user/profile: display name, e-mail and (optionally) username of any user, the admin included.
 * A changed e-mail stays activated (the administrator vouches for it).
 * @throws 404 unknown user; 400 field errors `email` (taken) and `username` (taken)
 */
export async function editProfile(ctx: AppContext, admin: UserRow, input: AdminEditUserProfileReq): Promise<void> {
  const user = await getUser(ctx, input.user_id);
  const db = requireDb(ctx);
  const email = input.email.toLowerCase();
  const issues: FieldIssue[] = [];
  if (email !== user.e_mail && (await repo.emailOwner(db, email, user.id))) issues.push({ field: 'email', message: 'error.admin.email_taken' });
  if (input.username && input.username !== user.username && (await repo.usernameOwner(db, input.username, user.id))) issues.push({ field: 'username', message: 'error.user.username_duplicate' });
  if (issues.length) throw fieldErrors(issues);
  const patch = { display_name: input.display_name, e_mail: email, ...(input.username ? { username: input.username } : {}) };
  const before: Record<string, string> = { display_name: user.display_name, e_mail: user.e_mail, username: user.username };
  const changes: Record<string, [string, string]> = {};
  for (const [k, v] of Object.entries(patch)) if (before[k] !== v) changes[k] = [before[k]!, v];
  if (!Object.keys(changes).length) return;
  await repo.updateUserColumns(db, user.id, patch, nowSeconds());
  await recordAdminAction(ctx, admin, { action: 'user.profile', targetType: 'user', targetId: user.id, changes });
}

/**
 * POST /admin/api/user: one activated user (reputation 1), username derived from the display name.
 * @returns the new user's id
 * @throws 400 field error `email` when the address is taken
 */
export async function addUser(ctx: AppContext, admin: UserRow, input: AdminAddUserReq): Promise<string> {
  const email = input.email.toLowerCase();
  if (await repo.emailOwner(requireDb(ctx), email, '')) throw fieldErrors([{ field: 'email', message: 'error.admin.email_taken' }]);
  const [id] = await createAdminUsers(ctx, [{ displayName: input.display_name, email, password: input.password }]);
  await recordAdminAction(ctx, admin, { action: 'user.add', targetType: 'user', targetId: id!, changes: { display_name: input.display_name, mail_status: MailStatus.activated } });
  return id!;
}
