/**
 * Account maintenance by e-mail link (spec §7 "Auth and account"): activation, password reset, password change,
 * e-mail change, and the captcha requirement of GET /user/action/record.
 * Codes: codes.ts (hashed, expiring, single use). Expired or used links answer 403 `url_expired`.
 */
import { MailStatus, type ChangeEmailCodeReq, type ModifyPasswordReq, type PasswordReplacementReq, type PasswordResetReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { emitDomain } from '../../core/events.js';
import { badRequest, fieldError } from '../../core/errors.js';
import { captchaSettings, createCaptcha, type IssuedCaptcha } from '../captcha/index.js';
import { requireCaptcha, sendCodeMail } from './account.mail.js';
import { consumeCode, peekCode, revokeCodes } from './codes.js';
import { loginCaptchaExpected, rateLimit } from './throttle.js';
import * as repo from './user.repository.js';
import type { UserRow } from './user.repository.js';
import { hashToken } from '../../core/auth/index.js';
import { assertEmailDomainAllowed, createSession, hashPassword, verifyPassword } from './user.service.js';

/** Reputation given for an activated e-mail (answer-compat.md "Reputation"). */
export const ACTIVATION_REPUTATION = 1;

/**
 * POST /user/email/verification {code}: activates the account of an activation link (mail_status 1, +1
 * reputation with an activity row that carries it) and logs the user in.
 * A second click (or an expired link) answers 403 `url_expired`.
 * @returns the user and a new session token
 */
export async function activateAccount(ctx: AppContext, code: string): Promise<{ user: UserRow; token: string }> {
  const db = requireDb(ctx);
  const found = await peekCode(db, code, 'activate');
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    await consumeCode(tx, found.hash);
    if (await repo.activateUser(tx, found.userId, now)) {
      await repo.insertUserActivity(tx, {
        id: activityId,
        user_id: found.userId,
        object_id: found.userId,
        original_object_id: found.userId,
        activity_type: 'user.activated',
        rank: ACTIVATION_REPUTATION,
        has_rank: 1,
        created_at: now,
        updated_at: now,
      });
    }
  });
  await emitDomain(ctx, { type: 'member.identity', user_id: found.userId });
  const user = (await repo.findUserById(db, found.userId))!;
  return { user, token: await createSession(ctx, user.id) };
}

/**
 * POST /user/email/verification/send: sends the activation e-mail again to a logged-in, not yet activated user.
 * Needs a captcha made for `e_mail`; rate limited per IP and account. Already activated: nothing to send (200).
 */
export async function resendActivation(ctx: AppContext, user: UserRow, input: { captcha_id?: string; captcha_code?: string }, ip: string): Promise<void> {
  if (user.mail_status === MailStatus.activated) return;
  await requireCaptcha(ctx, input, 'e_mail');
  await rateLimit(ctx, 'email', { ip, account: user.id });
  await sendCodeMail(ctx, user, 'activate', user.e_mail);
}

/**
 * POST /user/password/reset {e_mail}: always succeeds (no account enumeration); the e-mail goes out only when
 * an account with that address exists and is not deleted. Needs a captcha made for `find_pass`; rate limited per IP and address.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetReq, ip: string): Promise<void> {
  await requireCaptcha(ctx, input, 'find_pass');
  const email = input.e_mail.toLowerCase();
  await rateLimit(ctx, 'reset', { ip, account: email });
  const user = await repo.findUserByEmail(requireDb(ctx), email);
  if (!user || user.status === 10) return;
  await sendCodeMail(ctx, user, 'reset_password', user.e_mail);
}

/**
 * POST /user/password/replacement {code, pass}: sets the new password and ends every session of the user; the
 * other reset links of the user stop working.
 */
export async function replacePassword(ctx: AppContext, input: PasswordReplacementReq): Promise<void> {
  const db = requireDb(ctx);
  const found = await peekCode(db, input.code, 'reset_password');
  const pass = await hashPassword(input.pass);
  await transaction(db, async (tx) => {
    await consumeCode(tx, found.hash);
    await revokeCodes(tx, found.userId, 'reset_password');
    await repo.updateUser(tx, found.userId, { pass }, nowSeconds());
    await repo.deleteUserSessions(tx, found.userId);
  });
}

/**
 * PUT /user/password {old_pass, pass}: changes the password of the logged-in user and ends their other sessions.
 * @throws 400 field error `old_pass` `error.user.old_password_incorrect`; `pass` `error.user.password_same` when
 *   unchanged
 */
export async function changePassword(ctx: AppContext, user: UserRow, input: ModifyPasswordReq, token: string): Promise<void> {
  const db = requireDb(ctx);
  if (user.pass) {
    if (!input.old_pass) throw fieldError('old_pass', 'error.form.cannot_be_empty');
    if (!(await verifyPassword(user.pass, input.old_pass))) throw fieldError('old_pass', 'error.user.old_password_incorrect');
    if (input.old_pass === input.pass) throw fieldError('pass', 'error.user.password_same');
  }
  const pass = await hashPassword(input.pass);
  await transaction(db, async (tx) => {
    await repo.updateUser(tx, user.id, { pass }, nowSeconds());
    await repo.deleteOtherSessions(tx, user.id, hashToken(token));
  });
}

/**
 * POST /user/email/change/code {e_mail, pass?}: sends a confirmation link to the new address. The current
 * password is required when the account has one. Needs a captcha made for `e_mail`; rate limited.
 * @throws 400 field errors: `pass` wrong, `e_mail` taken / same as now / domain not allowed
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, input: ChangeEmailCodeReq, ip: string): Promise<void> {
  const db = requireDb(ctx);
  await requireCaptcha(ctx, input, 'e_mail');
  if (user.pass && !(await verifyPassword(user.pass, input.pass ?? ''))) throw fieldError('pass', 'error.user.old_password_incorrect');
  const email = input.e_mail.toLowerCase();
  if (email === user.e_mail) throw fieldError('e_mail', 'error.email.same_as_current');
  await assertEmailDomainAllowed(ctx, email);
  if (await repo.findUserByEmail(db, email)) throw fieldError('e_mail', 'error.email.duplicate');
  await rateLimit(ctx, 'email', { ip, account: user.id });
  await sendCodeMail(ctx, user, 'change_email', email, { e_mail: email });
}

/**
 * PUT /user/email {code}: switches the account to the confirmed address; the address is thereby verified, so a
 * not yet activated account becomes activated (without the activation reputation: that is for the first address).
 * @throws 403 `url_expired`; 400 field error `e_mail` `error.email.duplicate` when someone took the address meanwhile
 */
export async function confirmEmailChange(ctx: AppContext, code: string): Promise<void> {
  const db = requireDb(ctx);
  const found = await peekCode(db, code, 'change_email');
  const email = String(found.payload.e_mail ?? '');
  if (!email) throw badRequest('error.email.link_expired');
  const taken = await repo.findUserByEmail(db, email);
  if (taken && taken.id !== found.userId) throw fieldError('e_mail', 'error.email.duplicate');
  await transaction(db, async (tx) => {
    await consumeCode(tx, found.hash);
    await repo.updateUser(tx, found.userId, { e_mail: email, mail_status: MailStatus.activated }, nowSeconds());
  });
  await emitDomain(ctx, { type: 'member.identity', user_id: found.userId });
}

/**
 * GET /user/action/record?action=: whether the next call of an action needs a captcha, with a fresh captcha.
 * Needed: `login` (Answer 1.4's client: `password`) after repeated failures from the IP, or once a login from it
 * was refused for want of a captcha (throttle loginCaptchaExpected); `e_mail` (any e-mail
 * send) and `find_pass` always, so also Answer 1.4's `email` and `edit_userinfo` (its keys for those sends,
 * captcha ANSWER_ACTION_NAMES); `register` while the captcha setting `on_sign_up` is on. A captcha is included
 * either way, so the client can show one when a call asks for it after all: the active provider's when the client
 * names its kind in `accept`, else an image (modules/captcha).
 */
export async function actionRecord(ctx: AppContext, action: string, ip: string, accept: readonly string[] = []): Promise<{ verify: boolean } & IssuedCaptcha> {
  let verify = false;
  if (action === 'login' || action === 'password') verify = await loginCaptchaExpected(ctx, ip);
  else if (['e_mail', 'find_pass', 'email', 'edit_userinfo'].includes(action)) verify = true;
  else if (action === 'register') verify = (await captchaSettings(ctx)).on_sign_up;
  const captcha = await createCaptcha(ctx, action, accept);
  return { verify, ...captcha };
}
