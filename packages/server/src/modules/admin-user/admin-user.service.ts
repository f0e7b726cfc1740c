/**
 * Admin user management (spec §6 "Admin", §7 "Admin"): list users, change status and role, set a password,
 * add users in bulk, activation links. Every call is for administrators only (moderators get 403); status and
 * role changes refuse to act on the caller ('Forbidden to operate on yourself', spec §6).
 */
import { MailStatus, Role, UserStatus, type AdminUserPageQuery, type AdminUserStatusReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { badRequest, fieldErrors } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { createAccount, endUserSessions, getUser, issueLink, sendCodeMail, setPassword, type UserRow } from '../user/index.js';
import * as repo from './admin-user.repository.js';
import { parseBulkUsers, usernameBase } from './bulk.js';

/** 400 toast for an admin acting on their own account. */
function assertNotSelf(admin: UserRow, userId: string): void {
  if (admin.id === userId) throw badRequest('error.admin.cannot_operate_self');
}

/** GET /admin/api/users/page */
export async function listUsers(ctx: AppContext, q: AdminUserPageQuery): Promise<{ count: number; rows: UserRow[] }> {
  return repo.pageUsers(requireDb(ctx), { query: q.query, staff: q.staff, status: q.status, offset: (q.page - 1) * q.page_size, limit: q.page_size, now: nowSeconds() });
}

/**
 * Suspension length in seconds from `suspend_duration`: a number of hours, or '<n>h' / '<n>d'.
 * @returns null for forever ('forever', '', absent)
 */
export function suspensionSeconds(d: AdminUserStatusReq['suspend_duration']): number | null {
  if (d === undefined || d === '' || d === 'forever') return null;
  if (typeof d === 'number') return Math.round(d * 3600);
  const n = Number(d.replace(/[hd]$/, ''));
  if (!n) return null;
  return d.endsWith('d') ? n * 86400 : n * 3600;
}

/**
 * PUT /admin/api/user/status. normal: active and activated; suspended: until now + duration (or forever), the
 * user's sessions stay but every action answers 403 `suspended`; deleted: sessions ended, optionally all content
 * marked deleted; inactive: must confirm the e-mail again (mail_status 2).
 */
export async function changeStatus(ctx: AppContext, admin: UserRow, input: AdminUserStatusReq): Promise<void> {
  assertNotSelf(admin, input.user_id);
  const user = await getUser(ctx, input.user_id);
  const db = requireDb(ctx);
  const now = nowSeconds();
  switch (input.status) {
    case 'normal':
      await repo.updateUserColumns(db, user.id, { status: UserStatus.normal, suspended_until: null, mail_status: MailStatus.activated }, now);
      break;
    case 'suspended': {
      const secs = suspensionSeconds(input.suspend_duration);
      await repo.updateUserColumns(db, user.id, { status: UserStatus.suspended, suspended_until: secs === null ? 0 : now + secs }, now);
      break;
    }
    case 'deleted':
      await transaction(db, async (tx) => {
        await repo.updateUserColumns(tx, user.id, { status: UserStatus.deleted }, now);
        if (input.remove_all_content) await repo.deleteAllContentOf(tx, user.id, now);
      });
      await endUserSessions(ctx, user.id);
      break;
    case 'inactive':
      await repo.updateUserColumns(db, user.id, { status: UserStatus.normal, suspended_until: null, mail_status: MailStatus.inactive }, now);
      break;
  }
}

/** PUT /admin/api/user/role */
export async function changeRole(ctx: AppContext, admin: UserRow, userId: string, roleId: number): Promise<void> {
  assertNotSelf(admin, userId);
  const user = await getUser(ctx, userId);
  await repo.updateUserColumns(requireDb(ctx), user.id, { role_id: roleId }, nowSeconds());
}

/** PUT /admin/api/user/password: sets the password and logs the user out everywhere. */
export async function resetPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const user = await getUser(ctx, userId);
  await setPassword(ctx, user.id, password);
}

/**
 * POST /admin/api/users: adds activated users (reputation 1) from `display name, email, password` lines.
 * Nothing is added when any line is wrong: every wrong line is reported (field `users`, message naming the line).
 * @returns the number of users added
 */
export async function addUsers(ctx: AppContext, text: string): Promise<number> {
  const db = requireDb(ctx);
  const { users, issues } = parseBulkUsers(text);
  if (!issues.length && !users.length) throw fieldErrors([{ field: 'users', message: 'error.form.cannot_be_empty' }]);
  const taken = await repo.takenEmails(db, users.map((u) => u.email));
  for (const u of users) if (taken.has(u.email)) issues.push({ field: 'users', message: 'error.admin.bulk_email_taken', params: { line: u.line } });
  if (issues.length) throw fieldErrors(issues.sort((a, b) => Number(a.params?.line) - Number(b.params?.line)));
  // Usernames: derived from display names, made unique against the database and the batch.
  const bases = users.map((u) => usernameBase(u.displayName));
  const candidates = bases.flatMap((b) => [b, ...Array.from({ length: 20 }, (_, i) => `${b}${i + 1}`)]);
  const used = await repo.takenUsernames(db, [...new Set(candidates)]);
  const ids = [];
  for (let i = 0; i < users.length; i++) ids.push(await requireIds(ctx).next('user'));
  for (const [i, u] of users.entries()) {
    let name = bases[i]!;
    for (let n = 1; used.has(name); n++) name = n <= 20 ? `${bases[i]}${n}` : `${bases[i]}${Date.now().toString(36).slice(-4)}${n}`;
    used.add(name);
    await createAccount(ctx, { id: ids[i], username: name, displayName: u.displayName, email: u.email, password: u.password, mailStatus: MailStatus.activated, roleId: Role.user, rank: 1 });
  }
  return users.length;
}

/** GET /admin/api/user/activation: a fresh activation link for an admin to hand out (e.g. without SMTP). */
export async function activationUrl(ctx: AppContext, userId: string): Promise<string> {
  const user = await getUser(ctx, userId);
  return issueLink(ctx, user.id, 'activate');
}

/** POST /admin/api/users/activation and /user/activation: queues the activation e-mail again. */
export async function resendActivationEmail(ctx: AppContext, userId: string): Promise<void> {
  const user = await getUser(ctx, userId);
  await sendCodeMail(ctx, user, 'activate', user.e_mail);
}

/** GET /admin/api/roles: the three roles with translated names (spec §3 "Role"). */
export function roles(lang: string): Array<{ id: number; name: string; description: string }> {
  return (['user', 'admin', 'moderator'] as const).map((r) => ({ id: Role[r], name: translate(`role.${r}.name`, lang), description: translate(`role.${r}.description`, lang) }));
}
