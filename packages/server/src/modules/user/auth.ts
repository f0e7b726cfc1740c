/**
 * Request authentication and guards. The token comes in `Authorization: <token>` or `Bearer <token>`;
 * the user is looked up once per request and cached on it.
 * Guard order (spec §4 "Derived login state"): 401 not logged in -> 403 `inactive` -> 403 `suspended` -> role.
 */
import type { FastifyRequest } from 'fastify';
import { MailStatus, Role, UserStatus } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { isSuspended, suspendedError } from './suspension.js';
import { userForToken } from './user.service.js';
import type { UserRow } from './user.repository.js';

export { isSuspended, suspendedError };

const cacheKey = Symbol('quorum.user');

type WithUser = FastifyRequest & { [cacheKey]?: Promise<UserRow | undefined> };

/** The raw token of a request, or '' when none was sent. */
export function requestToken(req: FastifyRequest): string {
  const h = req.headers.authorization ?? '';
  return (h.startsWith('Bearer ') ? h.slice(7) : h).trim();
}

/** The logged-in user of a request, or undefined (no token, unknown or expired token, not installed). */
export function currentUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | undefined> {
  const r = req as WithUser;
  if (!r[cacheKey]) {
    const token = requestToken(req);
    r[cacheKey] = token && ctx.installed ? userForToken(ctx, token) : Promise.resolve(undefined);
  }
  return r[cacheKey]!;
}

/** The logged-in user; 401 otherwise. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(ctx, req);
  if (!user || user.status === UserStatus.deleted) throw unauthorized();
  return user;
}

/** A logged-in user who is not suspended (may be not activated yet): account calls such as changing e-mail. */
export async function requireUnsuspendedUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(ctx, req);
  if (isSuspended(user)) throw suspendedError(user);
  return user;
}

/**
 * A logged-in, activated, not suspended user (spec §4 "normal"): 401, then 403 `inactive`, then 403 `suspended`.
 */
export async function requireActiveUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(ctx, req);
  if (user.mail_status !== MailStatus.activated) throw forbidden('error.user.inactive', 'inactive');
  if (isSuspended(user)) throw suspendedError(user);
  return user;
}

/** An active administrator (role 2); moderators and users get 403 (spec §2 "Admin routes", §6). */
export async function requireAdmin(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await requireActiveUser(ctx, req);
  if (user.role_id !== Role.admin) throw forbidden();
  return user;
}

/** True for administrators and moderators. */
export function isStaff(user: UserRow): boolean {
  return user.role_id === Role.admin || user.role_id === Role.moderator;
}
