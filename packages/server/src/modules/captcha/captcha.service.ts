/**
 * Image captchas. Images come from `captcha.gif` (pure JavaScript, no native parts, GIF output; see
 * docs/ARCHITECTURE.md "Dependencies"). Answers are kept server-side in the `captchas` table (so any app node
 * can check them), as a SHA-256 of the lower-cased answer, for CAPTCHA_TTL_SECONDS, and are single use:
 * checking one deletes it, right or wrong. Each captcha is made for one action (GET /user/action/record?action=)
 * and passes only a check for that action (or one of Answer's names for it, ANSWER_ACTION_NAMES): one solved for an
 * e-mail send does not open a login.
 *
 * Answer's client shows a captcha only when a captcha plugin is on in GET /plugin/status; the built-in captcha is
 * listed there under the slug of Answer's basic captcha plugin (BUILTIN_CAPTCHA_SLUG), whose client part asks
 * GET /user/action/record?action=<its key> and reads `{captcha_id, captcha_img, verify}`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Captcha } from 'captcha.gif';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './captcha.repository.js';

/** Actions of GET /user/action/record (Answer's names); a captcha is made for one of them. */
export const CAPTCHA_ACTIONS = ['login', 'e_mail', 'find_pass', 'modify_pass', 'register', 'edit_userinfo', 'question', 'answer', 'comment', 'edit', 'invitation_answer', 'search', 'report', 'delete', 'vote'] as const;

/** An action a captcha can be checked for. */
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/**
 * Slug under which the built-in captcha is listed, switched on, in GET /plugin/status: the slug of Answer's basic
 * captcha plugin (answer-plugins captcha-basic, info.yaml), the one Answer's client looks for among the plugins of
 * type captcha it carries.
 */
export const BUILTIN_CAPTCHA_SLUG = 'basic_captcha';

/**
 * The keys Answer 1.4's client fetches captchas with (ui CaptchaKey) for the calls that check one here: `password`
 * on the login form; `email` on forgot-password, e-mail change, sign-up and resend-activation; `edit_userinfo` on
 * the e-mail change of the account settings. A captcha made for one of these passes the check of the action.
 */
export const ANSWER_ACTION_NAMES: Partial<Record<CaptchaAction, readonly string[]>> = {
  login: ['password'],
  e_mail: ['email', 'edit_userinfo'],
  find_pass: ['email'],
};

/** Whether a captcha made for `madeFor` passes the check of `action` (the same name, or one of Answer's for it). */
export function captchaFitsAction(madeFor: string, action: CaptchaAction): boolean {
  return madeFor === action || (ANSWER_ACTION_NAMES[action] ?? []).includes(madeFor);
}

/** Longest action name stored with a captcha (the column is varchar(32)). */
const ACTION_MAX = 32;

/** Seconds a captcha stays valid. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** Produces an image and its answer. */
export type CaptchaGenerator = () => { answer: string; image: string };

const gifCaptcha = new Captcha({ numberOfDots: 60, blur: true, filter: true });

/** The default generator: 5 lower-case letters as a data-URL GIF. */
export const defaultGenerator: CaptchaGenerator = () => {
  const { token, buffer } = gifCaptcha.generate(5);
  return { answer: token, image: `data:image/gif;base64,${buffer.toString('base64')}` };
};

const generators = new WeakMap<AppContext, CaptchaGenerator>();

/** Replaces the generator of one app (tests use a known answer). */
export function useCaptchaGenerator(ctx: AppContext, gen: CaptchaGenerator): void {
  generators.set(ctx, gen);
}

const hashAnswer = (answer: string): string => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

let lastSweep = 0;

/**
 * Creates a captcha for an action. Any name is stored (Answer's client may ask for actions of its own, cut to 32
 * characters), but only the names of CAPTCHA_ACTIONS are ever checked.
 * @returns `captcha_id` (opaque) and `captcha_img` (data URL)
 */
export async function createCaptcha(ctx: AppContext, action: string): Promise<{ captcha_id: string; captcha_img: string }> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  if (now - lastSweep > 60) {
    lastSweep = now;
    await deleteExpiredCaptchas(db, now);
  }
  const { answer, image } = (generators.get(ctx) ?? defaultGenerator)();
  const id = randomBytes(24).toString('base64url');
  await insertCaptcha(db, { id, answer_hash: hashAnswer(answer), action: action.slice(0, ACTION_MAX), expires_at: now + CAPTCHA_TTL_SECONDS, created_at: now });
  return { captcha_id: id, captcha_img: image };
}

/**
 * Checks an answer for an action and uses the captcha up (single use, right or wrong, also when it was made for
 * another action). The answer is case-insensitive.
 * @param action the action being done; the captcha must have been made for it (or one of its ANSWER_ACTION_NAMES)
 * @returns true when the captcha exists, was made for `action`, has not expired and the answer matches
 */
export async function verifyCaptcha(ctx: AppContext, id: string, answer: string, action: CaptchaAction): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await takeCaptcha(requireDb(ctx), id);
  if (!row || row.expires_at < nowSeconds()) return false;
  if (!captchaFitsAction(row.action, action)) return false;
  return row.answer_hash === hashAnswer(answer);
}
