/**
 * Accounts: registration, login, logout and session lookup.
 * Passwords: argon2id (@node-rs/argon2). Tokens: 32 random bytes, base64url; only their SHA-256 is stored;
 * valid 7 days (answer-compat.md "Auth").
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { MailStatus, Role, SESSION_TTL_SECONDS, UserStatus, type LoginEmailReq, type RegisterEmailReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation } from '../../core/db/index.js';
import { AppError, badRequest, fieldError, forbidden } from '../../core/errors.js';
import { getSettings } from '../siteinfo/index.js';
import * as repo from './user.repository.js';
import type { UserRow } from './user.repository.js';

/** SHA-256 hex of a token: what the sessions table keys on. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

// A real hash to verify against when the e-mail is unknown, so both paths cost the same.
let dummyHash: Promise<string> | null = null;

async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= argonHash('not-a-real-password');
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(stored, password).catch(() => false);
}

/** Opens a session for a user and returns its raw token. */
export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const db = requireDb(ctx);
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  await repo.insertSession(db, hashToken(token), userId, now, now + SESSION_TTL_SECONDS);
  return token;
}

/** The user of a raw token, or undefined for unknown or expired tokens. */
export async function userForToken(ctx: AppContext, token: string): Promise<UserRow | undefined> {
  return repo.findSessionUser(requireDb(ctx), hashToken(token), nowSeconds());
}

/** Ends the session of a raw token (no error when unknown). */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await repo.deleteSession(requireDb(ctx), hashToken(token));
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  displayName?: string;
  roleId?: number;
  mailStatus?: number;
  rank?: number;
  /** Fixed id (the installer's admin is "1"); generated when absent. */
  id?: string;
}

/**
 * Creates a user row.
 * @throws AppError 400 field errors `error.user.username_duplicate` / `error.email.duplicate` when taken
 */
export async function createAccount(ctx: AppContext, a: NewAccount): Promise<UserRow> {
  const db = requireDb(ctx);
  const username = a.username.toLowerCase();
  const email = a.email.toLowerCase();
  if (await repo.findUserByUsername(db, username)) throw fieldError('name', 'error.user.username_duplicate');
  if (await repo.findUserByEmail(db, email)) throw fieldError('e_mail', 'error.email.duplicate');
  const now = nowSeconds();
  const row = {
    id: a.id ?? (await requireIds(ctx).next('user')),
    username,
    e_mail: email,
    display_name: a.displayName ?? username,
    pass: await hashPassword(a.password),
    mail_status: a.mailStatus ?? MailStatus.activated,
    status: UserStatus.normal,
    role_id: a.roleId ?? Role.user,
    rank: a.rank ?? 1,
    avatar: '',
    bio: '',
    bio_html: '',
    language: 'Default',
    created_at: now,
    updated_at: now,
    last_login_date: now,
  };
  try {
    await repo.insertUser(db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('name', 'error.user.username_duplicate');
    throw err;
  }
  return (await repo.findUserById(db, row.id))!;
}

/**
 * POST /user/register/email: checks the login policy (spec §3), creates an active account
 * (e-mail activation comes with the accounts issue) and logs it in.
 * @returns the new user and its token
 */
export async function register(ctx: AppContext, input: RegisterEmailReq): Promise<{ user: UserRow; token: string }> {
  const { login } = await getSettings(ctx);
  if (!login.allow_new_registrations || !login.allow_email_registrations) throw badRequest('error.user.registration_closed');
  if (login.allow_email_domains.length) {
    const domain = input.e_mail.split('@').pop()!.toLowerCase();
    if (!login.allow_email_domains.map((d) => d.trim().toLowerCase()).includes(domain)) throw fieldError('e_mail', 'error.email.domain_not_allowed');
  }
  const user = await createAccount(ctx, { username: input.name, email: input.e_mail, password: input.pass });
  const token = await createSession(ctx, user.id);
  return { user, token };
}

/**
 * POST /user/login/email.
 * @throws 400 field error on `e_mail` (`error.object.email_or_password_incorrect`) for unknown e-mail or wrong
 *   password (same message for both), 403 `suspended` for suspended users, 400 when password login is off
 */
export async function login(ctx: AppContext, input: LoginEmailReq): Promise<{ user: UserRow; token: string }> {
  const db = requireDb(ctx);
  const { login: policy } = await getSettings(ctx);
  if (!policy.allow_password_login) throw badRequest('error.user.password_login_disabled');
  const user = await repo.findUserByEmail(db, input.e_mail.trim());
  const okPassword = await verifyPassword(user?.pass ?? '', input.pass);
  if (!user || !okPassword || user.status === UserStatus.deleted) throw fieldError('e_mail', 'error.object.email_or_password_incorrect');
  if (user.status === UserStatus.suspended && (user.suspended_until === null || user.suspended_until > nowSeconds())) {
    throw forbidden('error.user.suspended', 'suspended');
  }
  await repo.touchLogin(db, user.id, nowSeconds());
  const token = await createSession(ctx, user.id);
  return { user, token };
}

/** Reads a user by id; 404 when missing. */
export async function getUser(ctx: AppContext, id: string): Promise<UserRow> {
  const u = await repo.findUserById(requireDb(ctx), id);
  if (!u) throw new AppError(404, 'error.user.not_found');
  return u;
}
