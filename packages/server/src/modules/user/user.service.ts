/**
 * Accounts: registration, login, logout and session lookup.
 * New accounts start not activated (mail_status 2) and get an activation e-mail (account.service.ts activates).
 * Passwords: argon2id (@node-rs/argon2). Tokens: 32 random bytes, base64url; only their SHA-256 is stored;
 * valid 7 days (answer-compat.md "Auth").
 */
import { randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { MailStatus, Role, SESSION_TTL_SECONDS, UserStatus, type LoginEmailReq, type RegisterEmailReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, transaction } from '../../core/db/index.js';
import { AppError, badRequest, fieldError } from '../../core/errors.js';
import { emitDomain } from '../../core/events.js';
import { getSettings } from '../siteinfo/index.js';
import { assertEmailScreened } from '../spam/screening.js';
import { requireCaptcha, sendCodeMail } from './account.mail.js';
// The file, not the review index: the review calls import this module.
import { queueSignUp, signUpNeedsApproval } from '../review/signup.js';
import { hashToken, isSuspended, organizationLoginsOn, suspensionRefusal } from '../../core/auth/index.js';
import { checkLoginRate, clearLoginFailures, loginNeedsCaptcha, rateLimit, recordCaptchaDemand, recordLoginFailure } from './throttle.js';
import * as repo from './user.repository.js';
import type { UserRow } from './user.repository.js';
// The file, not the module index: bcrypt hashes of accounts moved from Apache Answer.
import { isBcryptHash, verifyBcrypt } from '../answer-import/password.js';


/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

// A real hash to verify against when the e-mail is unknown, so both paths cost the same.
let dummyHash: Promise<string> | null = null;

/** Checks a password against a stored argon2 hash, or a bcrypt hash of an account moved from Apache Answer ('' stored: always false, at the same cost). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= argonHash('not-a-real-password');
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  if (isBcryptHash(stored)) return verifyBcrypt(stored, password);
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
  /** Start with status pending and a review-queue row (sign-ups needing approval; modules/review/signup.ts). */
  awaitingApproval?: boolean;
}

/**
 * Creates a user row (with its review-queue row when `awaitingApproval`, in one transaction).
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
    // '' (no password): an account made by a third-party login, which logs in only through its provider.
    pass: a.password ? await hashPassword(a.password) : '',
    mail_status: a.mailStatus ?? MailStatus.activated,
    status: a.awaitingApproval ? UserStatus.pending : UserStatus.normal,
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
    await transaction(db, async (tx) => {
      await repo.insertUser(tx, row);
      if (a.awaitingApproval) await queueSignUp(tx, row.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('name', 'error.user.username_duplicate');
    throw err;
  }
  await emitDomain(ctx, { type: 'user.created', user_id: row.id });
  return (await repo.findUserById(db, row.id))!;
}

/**
 * The allowed e-mail domains of the login policy (spec §5: one per line, ignored when empty). Accepts a list whose
 * entries may themselves hold several lines, and a leading '@'.
 */
export function allowedDomains(list: unknown): string[] {
  const entries = Array.isArray(list) ? list : typeof list === 'string' ? [list] : [];
  return entries
    .flatMap((e) => String(e).split(/[\r\n,]+/))
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

/**
 * Refuses an address whose domain is not in the site's allowed list (no list: every domain), or is blocked or
 * disposable by the spam settings (modules/spam screening.ts).
 * @throws 400 field error `e_mail`: `error.email.domain_not_allowed`, `error.email.domain_blocked`,
 *   `error.email.disposable`
 */
export async function assertEmailDomainAllowed(ctx: AppContext, email: string): Promise<void> {
  const domains = allowedDomains((await getSettings(ctx)).login.allow_email_domains);
  const domain = email.split('@').pop()!.toLowerCase();
  if (domains.length && !domains.includes(domain)) throw fieldError('e_mail', 'error.email.domain_not_allowed');
  await assertEmailScreened(ctx, email);
}

/**
 * POST /user/register/email: checks the login policy (spec §3: new registrations, e-mail registrations, allowed
 * domains), creates a not-yet-activated account (mail_status 2), logs it in and queues the activation e-mail.
 * When the login setting `require_user_approval` is on, the account also waits for a moderator (status pending,
 * a review-queue row): it may verify its e-mail and log in, but not act until approved (modules/review).
 * @param ip caller's address (rate limit per IP)
 * @returns the new user and its token
 * @throws 400 toast `error.user.registration_closed` / `error.user.email_registration_closed`, 400 field errors
 *   (`captcha_code` when the captcha setting `on_sign_up` is on and the captcha is missing or wrong), 429
 *   `error.request.rate_limited`
 */
export async function register(ctx: AppContext, input: RegisterEmailReq, ip: string): Promise<{ user: UserRow; token: string }> {
  const { login } = await getSettings(ctx);
  if (!login.allow_new_registrations) throw badRequest('error.user.registration_closed');
  if (!login.allow_email_registrations) throw badRequest('error.user.email_registration_closed');
  if (login.password_login_admins_only && (await organizationLoginsOn(ctx)).length) throw badRequest('error.user.organization_login_only');
  await assertEmailDomainAllowed(ctx, input.e_mail);
  await rateLimit(ctx, 'register', { ip });
  // Captcha setting `on_sign_up` (modules/captcha): one made for `register` (Answer's client sends its `email` one).
  if ((await getSettings(ctx)).captcha.on_sign_up) await requireCaptcha(ctx, input, 'register');
  const awaitingApproval = await signUpNeedsApproval(ctx);
  const user = await createAccount(ctx, { username: input.name, email: input.e_mail, password: input.pass, mailStatus: MailStatus.inactive, awaitingApproval });
  const token = await createSession(ctx, user.id);
  // The account exists even if queueing fails; the user can ask for the e-mail again.
  await sendCodeMail(ctx, user, 'activate', user.e_mail).catch((err: unknown) => ctx.log.error({ err }, 'activation e-mail could not be queued'));
  return { user, token };
}

/**
 * POST /user/login/email (spec §3 login policy; captcha after repeated failures).
 * Order: password login allowed -> rate limit (per IP) -> captcha when LOGIN_FAILS_BEFORE_CAPTCHA failures were
 * seen for the IP or e-mail (a captcha made for `login`) -> password -> suspension. Failures of an account only ever ask for the captcha: a
 * correct password with a solved captcha always logs in, however many strangers guessed before.
 * @throws 400 field error on `e_mail` (`error.object.email_or_password_incorrect`) for unknown e-mail, wrong
 *   password or a deleted account (same message for all), 400 field error on `captcha_code`, 403 `suspended` with
 *   `suspended_until` (unix seconds, 0 = forever) and the administrator's `reason` when one was given (`msg` in `lang`), 400 when password login is off, 400
 *   `error.user.organization_login_only` for a member while password login is kept for admins, 429 when rate limited
 */
export async function login(ctx: AppContext, input: LoginEmailReq, ip: string, lang = 'en_US'): Promise<{ user: UserRow; token: string }> {
  const db = requireDb(ctx);
  const { login: policy } = await getSettings(ctx);
  if (!policy.allow_password_login) throw badRequest('error.user.password_login_disabled');
  const email = input.e_mail.trim().toLowerCase();
  await checkLoginRate(ctx, ip);
  if (await loginNeedsCaptcha(ctx, ip, email)) {
    // A missing or wrong captcha counts as a failed attempt too, so the captcha stays on.
    await requireCaptcha(ctx, input, 'login').catch(async (err: unknown) => {
      await recordLoginFailure(ctx, ip, email);
      await recordCaptchaDemand(ctx, ip);
      throw err;
    });
  }
  const user = await repo.findUserByEmail(db, email);
  const okPassword = await verifyPassword(user?.pass ?? '', input.pass);
  if (!user || !okPassword || user.status === UserStatus.deleted) {
    await recordLoginFailure(ctx, ip, email);
    throw fieldError('e_mail', 'error.object.email_or_password_incorrect');
  }
  await clearLoginFailures(ctx, email, ip);
  // Organization login on and password login kept for administrators (issue #38 item 6): a member is sent to the
  // organization's sign-in. Decided after the password, so the refusal tells nobody which addresses are admins'.
  if (policy.password_login_admins_only && user.role_id !== Role.admin && (await organizationLoginsOn(ctx)).length) throw badRequest('error.user.organization_login_only');
  const now = nowSeconds();
  // A bcrypt hash (an account moved from Apache Answer) becomes ours at the first login that proves the password.
  if (isBcryptHash(user.pass)) await repo.updateUser(db, user.id, { pass: await hashPassword(input.pass) }, now);
  if (isSuspended(user, now)) throw await suspensionRefusal(ctx, user, lang);
  if (user.status === UserStatus.suspended) {
    // The suspension ran out: the account is normal again.
    await repo.updateUser(db, user.id, { status: UserStatus.normal, suspended_until: null }, now);
    user.status = UserStatus.normal;
    user.suspended_until = null;
  }
  await repo.touchLogin(db, user.id, now);
  const token = await createSession(ctx, user.id);
  return { user, token };
}

/** Ends every session of a user (admin password reset, deletion). */
export async function endUserSessions(ctx: AppContext, userId: string): Promise<void> {
  await repo.deleteUserSessions(requireDb(ctx), userId);
}

/** Sets a user's password (argon2id) and ends all their sessions (spec §6: "set a password, which logs the user out"). */
export async function setPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const pass = await hashPassword(password);
  await transaction(requireDb(ctx), async (tx) => {
    await repo.updateUser(tx, userId, { pass }, nowSeconds());
    await repo.deleteUserSessions(tx, userId);
  });
}

/** Reads a user by id; 404 when missing. */
export async function getUser(ctx: AppContext, id: string): Promise<UserRow> {
  const u = await repo.findUserById(requireDb(ctx), id);
  if (!u) throw new AppError(404, 'error.user.not_found');
  return u;
}
