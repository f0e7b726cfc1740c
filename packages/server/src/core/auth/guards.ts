/**
 * Request authentication and guards. The token comes in `Authorization: <token>` or `Bearer <token>` (API clients,
 * Answer's client), else in the HttpOnly session cookie (our web client, core/session-cookie.ts); the user is
 * looked up once per request and cached on it. A write authenticated by the cookie must carry the session's CSRF
 * token (DESIGN.md "web session").
 * Guard order (spec §4 "Derived login state"): 401 not logged in -> 403 `inactive` -> 403 `pending_approval` ->
 * 403 `suspended` -> role.
 */
import type { FastifyRequest } from 'fastify';
import { MailStatus, Role, UserStatus } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../context.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { decisionPath } from '../requestpath.js';
import { csrfHeaderMatches, isWriteMethod, sessionCookieToken } from '../session-cookie.js';
import { findSessionExpiry, findSessionUser, type UserRow } from './session.repository.js';
import { cachedSessionUser } from './session.cache.js';
import { isSuspended, suspendedError } from './suspension.js';
import { isSilenced, silenceRefusal, silenceRefuses, suspensionRefusal } from './penalty.js';
import { hashToken } from './token.js';
import { isApiKey, userForApiKey } from './apikey.js';

export { isSuspended, suspendedError };

/** The user of a raw token, or undefined for unknown or expired tokens (remembered for a moment: session.cache.ts). */
export function userForToken(ctx: AppContext, token: string): Promise<UserRow | undefined> {
  const db = requireDb(ctx);
  const tokenHash = hashToken(token);
  const now = nowSeconds();
  return cachedSessionUser(db, tokenHash, now, () => findSessionUser(db, tokenHash, now));
}

const cacheKey = Symbol('quorum.user');

type WithUser = FastifyRequest & { [cacheKey]?: Promise<UserRow | undefined> };

/** A request's session token and where it came from (`none` with token '' when neither was sent). */
export interface RequestCredential {
  token: string;
  source: 'header' | 'cookie' | 'none';
}

/** The request's token: the `Authorization` header first (a non-empty one always wins), else the session cookie. */
export function requestCredential(req: FastifyRequest): RequestCredential {
  const h = req.headers.authorization ?? '';
  const header = (h.startsWith('Bearer ') ? h.slice(7) : h).trim();
  if (header) return { token: header, source: 'header' };
  const cookie = sessionCookieToken(req);
  return cookie ? { token: cookie, source: 'cookie' } : { token: '', source: 'none' };
}

/** The raw token of a request (header, else cookie), or '' when none was sent. */
export function requestToken(req: FastifyRequest): string {
  return requestCredential(req).token;
}

/** 403 `error.session.csrf_invalid`: a cookie-authenticated call without the session's CSRF token. */
export function csrfRefused(): AppError {
  return forbidden('error.session.csrf_invalid');
}

/**
 * The logged-in user of a request, or undefined (no token, unknown or expired token, not installed).
 * @throws 403 `error.apikey.scope_denied` for an API key whose scope does not allow the call (modules/apikey)
 * @throws 403 `error.session.csrf_invalid` for a write (POST, PUT, PATCH, DELETE) authenticated by the session
 *   cookie of a live session whose `X-CSRF-Token` header is missing or wrong; a cookie of an ended session is
 *   no login, so it needs no token
 */
export function currentUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | undefined> {
  const r = req as WithUser;
  if (!r[cacheKey]) {
    const { token, source } = requestCredential(req);
    const checkCsrf = source === 'cookie' && isWriteMethod(req.method);
    r[cacheKey] = !token || !ctx.installed
      ? Promise.resolve(undefined)
      // An API key (qk_..., header only) acts as its member within its scope; looked up on every request.
      : source === 'header' && isApiKey(token) ? userForApiKey(ctx, token, req.method, decisionPath(req))
      : userForToken(ctx, token).then((user) => {
          if (user && checkCsrf && !csrfHeaderMatches(req, token)) throw csrfRefused();
          return user;
        });
  }
  return r[cacheKey]!;
}

/**
 * For a request authenticated by the session cookie, 403 unless it carries the CSRF token: what the GET logout
 * (Answer's API makes it a GET, and SameSite=Lax still sends the cookie on a cross-site link) must check itself.
 * Header-authenticated requests and cookies of ended sessions pass.
 * @throws 403 `error.session.csrf_invalid`
 */
export async function requireCookieCsrf(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const { token, source } = requestCredential(req);
  if (source !== 'cookie' || csrfHeaderMatches(req, token)) return;
  if (await currentUser(ctx, req)) throw csrfRefused();
}

/** Seconds left of the session of a raw token; 0 when it is unknown or over. */
export async function sessionSecondsLeft(ctx: AppContext, token: string): Promise<number> {
  const now = nowSeconds();
  const expiresAt = await findSessionExpiry(requireDb(ctx), hashToken(token), now);
  return expiresAt === undefined ? 0 : expiresAt - now;
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
  if (isSuspended(user)) throw await suspensionRefusal(ctx, user, req.lang);
  return user;
}

/**
 * 403 `error.user.pending_approval` (type `pending_approval`): a new account that waits for a moderator's approval
 * (UserStatus.pending; the login setting `require_user_approval`, modules/review/signup.ts).
 */
export function pendingApprovalError(): AppError {
  return new AppError(403, 'error.user.pending_approval', { type: 'pending_approval' });
}

/**
 * A logged-in, activated, approved, not suspended user (spec §4 "normal"): 401, then 403 `inactive`, then 403
 * `pending_approval` (a sign-up still in the review queue), then 403 `suspended` (with its reason), then, for a
 * write, 403 `error.user.silenced` when the member is silenced (penalty.ts: every write route starts here, so
 * this is the one place a silence is enforced; the member's own lists are let through).
 */
export async function requireActiveUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(ctx, req);
  if (user.mail_status !== MailStatus.activated) throw forbidden('error.user.inactive', 'inactive');
  if (user.status === UserStatus.pending) throw pendingApprovalError();
  if (isSuspended(user)) throw await suspensionRefusal(ctx, user, req.lang);
  if (isSilenced(user) && silenceRefuses(req)) throw await silenceRefusal(ctx, user, req.lang);
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
