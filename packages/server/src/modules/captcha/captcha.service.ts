/**
 * Captchas through the active provider (captcha.providers.ts, setting `captcha.provider`). Challenges are kept
 * server-side in the `captchas` table (so any app node can check them) for CAPTCHA_TTL_SECONDS and are single use:
 * checking one deletes it, right or wrong. Each is made for one action (GET /user/action/record?action=) and passes
 * only a check for that action (or one of Answer's names for it, ANSWER_ACTION_NAMES): one solved for an e-mail send
 * does not open a login. A captcha's id is `<provider slug>.<random>`, so the check goes to the provider that
 * issued it; a provider the admin has since switched away from (other than the image fallback) is refused.
 *
 * Answer's client shows a captcha only when a captcha plugin is on in GET /plugin/status; the image captcha is
 * listed there under the slug of Answer's basic captcha plugin (BUILTIN_CAPTCHA_SLUG), whose client part asks
 * GET /user/action/record?action=<its key> and reads `{captcha_id, captcha_img, verify}`. A client names the other
 * kinds it can solve in `accept` (Quorum's: `pow,question`); one that names none gets the image captcha while
 * `captcha.image_fallback` is on (docs/ARCHITECTURE.md "Captcha providers").
 */
import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge, CaptchaOptions } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './captcha.repository.js';
import { captchaProvider, imageProvider, IMAGE_CAPTCHA_SLUG, type CaptchaProvider } from './captcha.providers.js';
import { captchaSettings, type CaptchaSettings } from './captcha.settings.js';

/** Actions of GET /user/action/record (Answer's names); a captcha is made for one of them. */
export const CAPTCHA_ACTIONS = ['login', 'e_mail', 'find_pass', 'modify_pass', 'register', 'edit_userinfo', 'question', 'answer', 'comment', 'edit', 'invitation_answer', 'search', 'report', 'delete', 'vote'] as const;

/** An action a captcha can be checked for. */
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/**
 * Slug under which the image captcha is listed, switched on, in GET /plugin/status: the slug of Answer's basic
 * captcha plugin (answer-plugins captcha-basic, info.yaml), the one Answer's client looks for among the plugins of
 * type captcha it carries.
 */
export const BUILTIN_CAPTCHA_SLUG = IMAGE_CAPTCHA_SLUG;

/**
 * The keys Answer 1.4's client fetches captchas with (ui CaptchaKey) for the calls that check one here: `password`
 * on the login form; `email` on forgot-password, e-mail change, sign-up and resend-activation; `edit_userinfo` on
 * the e-mail change of the account settings. A captcha made for one of these passes the check of the action.
 */
export const ANSWER_ACTION_NAMES: Partial<Record<CaptchaAction, readonly string[]>> = {
  login: ['password'],
  e_mail: ['email', 'edit_userinfo'],
  find_pass: ['email'],
  register: ['email'],
};

/** Whether a captcha made for `madeFor` passes the check of `action` (the same name, or one of Answer's for it). */
export function captchaFitsAction(madeFor: string, action: CaptchaAction): boolean {
  return madeFor === action || (ANSWER_ACTION_NAMES[action] ?? []).includes(madeFor);
}

/** Longest action name stored with a captcha (the column is varchar(32)), and longest secret (varchar(64)). */
const ACTION_MAX = 32;
const SECRET_MAX = 64;

/** Seconds a captcha stays valid. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** A captcha as GET /user/action/record carries it: the id and the challenge's own fields. */
export type IssuedCaptcha = { captcha_id: string; captcha_img: string } & CaptchaChallenge;

const options = (s: CaptchaSettings, p: CaptchaProvider): CaptchaOptions => ({ config: p.config, pow_difficulty: s.pow_difficulty, questions: s.questions });

/**
 * The provider a client gets: the active one when it can solve that kind (images every client can), else the image
 * captcha while the fallback is on. An active provider that is gone (a plugin switched off) counts as the image one.
 * @param accept the kinds the client names besides images
 */
async function providerFor(ctx: AppContext, s: CaptchaSettings, accept: readonly string[]): Promise<CaptchaProvider> {
  const active = (await captchaProvider(ctx, s.provider)) ?? imageProvider(ctx);
  if (active.hooks.type === 'image' || accept.includes(active.hooks.type) || !s.image_fallback) return active;
  return imageProvider(ctx);
}

let lastSweep = 0;

/**
 * Creates a captcha for an action. Any name is stored (Answer's client may ask for actions of its own, cut to 32
 * characters), but only the names of CAPTCHA_ACTIONS are ever checked.
 * @param accept captcha kinds the client can solve besides images (`pow`, `question`)
 * @returns `captcha_id` (opaque), `captcha_type` and the challenge (`captcha_img` data URL for images, '' for others)
 * @throws whatever the provider's `issue` throws (a plugin's failure is logged by the caller's error handler)
 */
export async function createCaptcha(ctx: AppContext, action: string, accept: readonly string[] = []): Promise<IssuedCaptcha> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  if (now - lastSweep > 60) {
    lastSweep = now;
    await deleteExpiredCaptchas(db, now);
  }
  const s = await captchaSettings(ctx);
  const provider = await providerFor(ctx, s, accept);
  const id = `${provider.plugin.manifest.slug_name}.${randomBytes(24).toString('base64url')}`;
  const { secret, challenge } = await provider.hooks.issue(options(s, provider), id);
  if (secret.length > SECRET_MAX) throw new Error(`captcha provider ${provider.plugin.manifest.slug_name}: secret longer than ${SECRET_MAX}`);
  await insertCaptcha(db, { id, answer_hash: secret, action: action.slice(0, ACTION_MAX), expires_at: now + CAPTCHA_TTL_SECONDS, created_at: now });
  return { captcha_id: id, captcha_img: '', ...challenge };
}

/**
 * Checks an answer for an action and uses the captcha up (single use, right or wrong, also when it was made for
 * another action or by a provider no longer in use).
 * @param action the action being done; the captcha must have been made for it (or one of its ANSWER_ACTION_NAMES)
 * @returns true when the captcha exists, was made for `action`, has not expired, comes from the active provider
 *   (or the image one while the fallback is on) and the provider accepts the answer
 */
export async function verifyCaptcha(ctx: AppContext, id: string, answer: string, action: CaptchaAction): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await takeCaptcha(requireDb(ctx), id);
  if (!row || row.expires_at < nowSeconds()) return false;
  if (!captchaFitsAction(row.action, action)) return false;
  const s = await captchaSettings(ctx);
  const slug = id.slice(0, Math.max(0, id.indexOf('.')));
  const usable = slug === s.provider || (slug === IMAGE_CAPTCHA_SLUG && (s.image_fallback || !(await captchaProvider(ctx, s.provider))));
  const provider = usable ? (slug === IMAGE_CAPTCHA_SLUG ? imageProvider(ctx) : await captchaProvider(ctx, slug)) : undefined;
  if (!provider) return false;
  return provider.hooks.check(options(s, provider), id, row.answer_hash, answer.trim());
}
