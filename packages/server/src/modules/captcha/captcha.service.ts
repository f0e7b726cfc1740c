/**
 * Image captchas. Images come from `captcha.gif` (pure JavaScript, no native parts, GIF output; see
 * docs/ARCHITECTURE.md "Dependencies"). Answers are kept server-side in the `captchas` table (so any app node
 * can check them), as a SHA-256 of the lower-cased answer, for CAPTCHA_TTL_SECONDS, and are single use:
 * checking one deletes it, right or wrong.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Captcha } from 'captcha.gif';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './captcha.repository.js';

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
 * Creates a captcha for an action.
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
  await insertCaptcha(db, { id, answer_hash: hashAnswer(answer), action: action.slice(0, 32), expires_at: now + CAPTCHA_TTL_SECONDS, created_at: now });
  return { captcha_id: id, captcha_img: image };
}

/**
 * Checks an answer and uses the captcha up (single use, right or wrong). Case-insensitive.
 * @returns true when the captcha exists, has not expired and the answer matches
 */
export async function verifyCaptcha(ctx: AppContext, id: string, answer: string): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await takeCaptcha(requireDb(ctx), id);
  if (!row || row.expires_at < nowSeconds()) return false;
  return row.answer_hash === hashAnswer(answer);
}
