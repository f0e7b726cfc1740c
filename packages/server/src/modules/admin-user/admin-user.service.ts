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
import { recordAdminAction } from '../audit/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { createAccount, endUserSessions, getUser, issueLink, rateLimit, sendCodeMail, setPassword } from '../user/index.js';
import { liftPenalty, penaltyEnd, recordPenalty } from '../penalty/index.js';
import { adminStatusName } from './admin-user.presenter.js';
import * as repo from './admin-user.repository.js';
import { parseBulkUsers, usernameBase, type BulkUser } from './bulk.js';

/** 400 toast for an admin acting on their own account. */
export function assertNotSelf(admin: UserRow, userId: string): void {
  if (admin.id === userId) throw badRequest('error.admin.cannot_operate_self');
}

/** GET /admin/api/users/page */
export async function listUsers(ctx: AppContext, q: AdminUserPageQuery): Promise<{ count: number; rows: UserRow[] }> {
  return repo.pageUsers(requireDb(ctx), { query: q.query, staff: q.staff, status: q.status, offset: (q.page - 1) * q.page_size, limit: q.page_size, now: nowSeconds() });
}

/**
 * The end of a suspension from `suspend_duration` at `now` (unix seconds; 0 = forever): a number of hours, or
 * '<n>h' / '<n>d' / '<n>m' (calendar months) / '<n>y' (modules/penalty `penaltyEnd`), a bare number of hours.
 */
export function suspensionEnd(d: AdminUserStatusReq['suspend_duration'], now: number): number {
  if (d === undefined || d === '' || d === 'forever') return 0;
  if (typeof d === 'number') return now + Math.round(d * 3600);
  return /^\d+$/.test(d) ? (Number(d) ? now + Number(d) * 3600 : 0) : penaltyEnd(d, undefined, now);
}

/** A status change: PUT /admin/api/user/status's body, `reason` optional for callers inside the server (flags). */
export type StatusChange = Omit<AdminUserStatusReq, 'reason'> & { reason?: string };

/**
 * PUT /admin/api/user/status. normal: active and activated; suspended: until now + duration (or forever), the
 * user's sessions stay but every action answers 403 `suspended`; deleted: sessions ended, optionally all content
 * marked deleted; inactive: must confirm the e-mail again (mail_status 2).
 */
export async function changeStatus(ctx: AppContext, admin: UserRow, input: StatusChange): Promise<void> {
  assertNotSelf(admin, input.user_id);
  const user = await getUser(ctx, input.user_id);
  const db = requireDb(ctx);
  const now = nowSeconds();
  await applyStatus(ctx, db, admin, user, input, now);
  const after = await getUser(ctx, user.id);
  const changes: Record<string, unknown> = { status: [adminStatusName(user), adminStatusName(after)] };
  if (input.status === 'suspended') changes.suspended_until = after.suspended_until ?? 0;
  if (input.status === 'deleted') changes.remove_all_content = input.remove_all_content;
  await recordAdminAction(ctx, admin, { action: 'user.status', targetType: 'user', targetId: user.id, changes });
}

/** The `duration` a suspension of PUT /user/status is recorded with in the penalty history: '48h', '7d', 'forever'. */
function durationLabel(d: AdminUserStatusReq['suspend_duration']): string {
  if (d === undefined || d === '' || d === 'forever') return 'forever';
  return typeof d === 'number' ? `${d}h` : /^\d+$/.test(d) ? `${d}h` : d;
}

// A suspension goes through the penalty history (modules/penalty: row, users columns, e-mail); back to normal or
// inactive lifts the suspension in force there, by this administrator.
async function applyStatus(ctx: AppContext, db: ReturnType<typeof requireDb>, admin: UserRow, user: UserRow, input: StatusChange, now: number): Promise<void> {
  if ((input.status === 'normal' || input.status === 'inactive') && user.status === UserStatus.suspended) await liftPenalty(ctx, admin, user.id, 'suspend', false);
  switch (input.status) {
    case 'normal':
      await repo.updateUserColumns(db, user.id, { status: UserStatus.normal, suspended_until: null, mail_status: MailStatus.activated }, now);
      break;
    case 'suspended': {
      const endsAt = suspensionEnd(input.suspend_duration, now);
      await recordPenalty(ctx, admin, user, { kind: 'suspend', duration: durationLabel(input.suspend_duration), endsAt, reason: input.reason ?? '' }, false);
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
  if (user.role_id === roleId) return;
  await repo.updateUserColumns(requireDb(ctx), user.id, { role_id: roleId }, nowSeconds());
  await recordAdminAction(ctx, admin, { action: 'user.role', targetType: 'user', targetId: user.id, changes: { role_id: [user.role_id, roleId] } });
}

/** PUT /admin/api/user/password: sets the password and logs the user out everywhere; never on oneself (spec §6). */
export async function resetPassword(ctx: AppContext, admin: UserRow, userId: string, password: string): Promise<void> {
  assertNotSelf(admin, userId);
  const user = await getUser(ctx, userId);
  await setPassword(ctx, user.id, password);
  await recordAdminAction(ctx, admin, { action: 'user.password', targetType: 'user', targetId: user.id, changes: { sessions_ended: true } });
}

/**
 * POST /admin/api/users: adds activated users (reputation 1) from `display name, email, password` lines.
 * Nothing is added when any line is wrong: every wrong line is reported (field `users`, message naming the line).
 * @returns the number of users added
 */
export async function addUsers(ctx: AppContext, admin: UserRow, text: string): Promise<number> {
  const db = requireDb(ctx);
  const { users, issues } = parseBulkUsers(text);
  if (!issues.length && !users.length) throw fieldErrors([{ field: 'users', message: 'error.form.cannot_be_empty' }]);
  const taken = await repo.takenEmails(db, users.map((u) => u.email));
  for (const u of users) if (taken.has(u.email)) issues.push({ field: 'users', message: 'error.admin.bulk_email_taken', params: { line: u.line } });
  if (issues.length) throw fieldErrors(issues.sort((a, b) => Number(a.params?.line) - Number(b.params?.line)));
  const ids = await createAdminUsers(ctx, users);
  await recordAdminAction(ctx, admin, { action: 'user.add', targetType: 'user', targetId: 'bulk', changes: { count: ids.length, user_ids: ids } });
  return users.length;
}

/**
 * Creates activated users (reputation 1) with usernames derived from their display names, made unique against
 * the database and the batch.
 * @returns the new user ids, in input order
 */
export async function createAdminUsers(ctx: AppContext, users: Array<Pick<BulkUser, 'displayName' | 'email' | 'password'>>): Promise<string[]> {
  const db = requireDb(ctx);
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
  return ids;
}

/** GET /admin/api/user/activation: a fresh activation link for an admin to hand out (e.g. without SMTP). */
export async function activationUrl(ctx: AppContext, userId: string): Promise<string> {
  const user = await getUser(ctx, userId);
  return issueLink(ctx, user.id, 'activate');
}

/**
 * POST /admin/api/users/activation and /user/activation: queues the activation e-mail again. Rate limited like a
 * member's own e-mail sends: per admin (the `email` action's per-IP budget, keyed by the admin) and per target user
 * (the same per-account budget the user's own resends count against).
 * @throws 429 `error.request.rate_limited`
 */
export async function resendActivationEmail(ctx: AppContext, admin: UserRow, userId: string): Promise<void> {
  const user = await getUser(ctx, userId);
  await rateLimit(ctx, 'email', { ip: `admin:${admin.id}`, account: user.id });
  await sendCodeMail(ctx, user, 'activate', user.e_mail);
  await recordAdminAction(ctx, admin, { action: 'user.activation_email', targetType: 'user', targetId: user.id, changes: {} });
}

/** GET /admin/api/roles: the three roles with translated names (spec §3 "Role"). */
export function roles(lang: string): Array<{ id: number; name: string; description: string }> {
  return (['user', 'admin', 'moderator'] as const).map((r) => ({ id: Role[r], name: translate(`role.${r}.name`, lang), description: translate(`role.${r}.description`, lang) }));
}
