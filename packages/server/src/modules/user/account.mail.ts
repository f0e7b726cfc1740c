/**
 * The account e-mails: activation, password reset and e-mail change. Each issues a one-time code and queues
 * the message in the outbox in one transaction, so a queued e-mail always has a live code behind it.
 * Links are built from the site URL (settings `general.site_url`) and the client routes of spec §2.
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { fieldError } from '../../core/errors.js';
import { verifyCaptcha, type CaptchaAction } from '../captcha/index.js';
import { composeEmail, queueEmail } from '../mail/index.js';
import { getSettings } from '../siteinfo/index.js';
import { issueCode, newCode, storeCode, type CodePurpose } from './codes.js';
import type { UserRow } from './user.repository.js';

/** Client routes the links open (spec §2 "Auth routes"). */
export const LINK_PATHS = {
  activate: '/users/account-activation',
  reset_password: '/users/password-reset',
  change_email: '/users/confirm-new-email',
  unsubscribe: '/users/unsubscribe',
} as const satisfies Record<CodePurpose, string>;

/** The language of a user's e-mails: their own, else the site's interface language (spec §4 "Effective language"). */
export async function mailLanguage(ctx: AppContext, user: Pick<UserRow, 'language'>): Promise<string> {
  if (user.language && user.language !== 'Default') return user.language;
  return (await getSettings(ctx)).interface.language || 'en_US';
}

/** Absolute link to a client route with `?code=`. */
export async function codeLink(ctx: AppContext, purpose: CodePurpose, code: string): Promise<string> {
  const base = (await getSettings(ctx)).general.site_url.replace(/\/+$/, '');
  return `${base}${LINK_PATHS[purpose]}?code=${encodeURIComponent(code)}`;
}

/**
 * Issues a code and returns its link without sending anything (the admin's "activation URL" when SMTP is not
 * configured; notification mails' unsubscribe links).
 */
export async function issueLink(ctx: AppContext, userId: string, purpose: CodePurpose, payload: Record<string, unknown> = {}): Promise<string> {
  const code = await issueCode(requireDb(ctx), userId, purpose, payload);
  return codeLink(ctx, purpose, code);
}

const TEMPLATE_OF = { activate: 'activation', reset_password: 'password_reset', change_email: 'change_email' } as const;

/**
 * Issues a code and queues the e-mail carrying its link, in one transaction (composed before it opens:
 * SQLite has a single connection, which the transaction holds).
 * @param to recipient (the new address for an e-mail change)
 */
export async function sendCodeMail(ctx: AppContext, user: UserRow, purpose: keyof typeof TEMPLATE_OF, to: string, payload: Record<string, unknown> = {}): Promise<void> {
  const lang = await mailLanguage(ctx, user);
  const code = newCode();
  const mail = await composeEmail(ctx, { to, lang, template: TEMPLATE_OF[purpose], link: await codeLink(ctx, purpose, code) });
  await transaction(requireDb(ctx), async (tx) => {
    await storeCode(tx, user.id, code, purpose, payload);
    await queueEmail(ctx, tx, mail);
  });
}

/**
 * Checks the captcha of a request (spec §5 "Captcha cannot be empty"; single use) for the action it does: a captcha
 * fetched with GET /user/action/record?action=e_mail passes only `e_mail`, one of `login` only a login.
 * @param action the action of the call (Answer's names: `login`, `e_mail`, `find_pass`, ...)
 * @throws 400 field error on `captcha_code`: `error.captcha.empty` when blank, `error.captcha.incorrect` when wrong,
 *   expired, used or made for another action
 */
export async function requireCaptcha(ctx: AppContext, input: { captcha_id?: string; captcha_code?: string }, action: CaptchaAction): Promise<void> {
  const code = (input.captcha_code ?? '').trim();
  if (!code) throw fieldError('captcha_code', 'error.captcha.empty');
  if (!(await verifyCaptcha(ctx, input.captcha_id ?? '', code, action))) throw fieldError('captcha_code', 'error.captcha.incorrect');
}
