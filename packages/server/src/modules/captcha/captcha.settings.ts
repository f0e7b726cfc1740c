/**
 * Captcha settings (settings section `captcha`), the admin's pick of provider and its options:
 * - `provider`: slug of the active provider (captcha.providers.ts); one at a time
 * - `pow_difficulty`: leading zero bits of a proof of work (8 to 24; default 14, about a second on a phone)
 * - `image_fallback`: clients that cannot solve the active provider's kind (Answer's own client: images only) get
 *   the image captcha; off: they get the active provider's challenge all the same
 * - `on_sign_up`: sign-up asks for a captcha (Answer's client sends its `email` captcha with the sign-up)
 * - `questions`: the question-and-answer provider's list, each with its accepted answers
 *
 * GET and PUT /answer/admin/api/captcha (admins). Saved through the settings store, whose cache is dropped in every
 * process by the coherence mechanism (modules/siteinfo), so a switch takes effect at once on every worker.
 */
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { fieldErrors, type FieldIssue } from '../../core/errors.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { getSettings, saveSection, type SiteSettings } from '../siteinfo/index.js';
import { captchaProvider, captchaProviders } from './captcha.providers.js';
import { POW_DIFFICULTY_MAX, POW_DIFFICULTY_MIN } from './providers/pow.js';
import { QUESTION_CAPTCHA_SLUG } from './providers/question.js';

/** The stored section. */
export type CaptchaSettings = SiteSettings['captcha'];

/** Most questions kept, and the longest question and answer. */
const QUESTIONS_MAX = 50;
const TEXT_MAX = 200;

/** PUT /answer/admin/api/captcha body. */
export const CaptchaSettingsReq = z.object({
  provider: z.string().trim().min(1, 'error.form.cannot_be_empty').max(40, 'error.form.is_invalid'),
  pow_difficulty: z.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid'),
  image_fallback: z.boolean(),
  on_sign_up: z.boolean(),
  questions: z
    .array(z.object({ question: z.string().trim().max(TEXT_MAX, 'error.form.is_invalid'), answers: z.array(z.string().trim().max(TEXT_MAX, 'error.form.is_invalid')).max(20, 'error.form.is_invalid') }))
    .max(QUESTIONS_MAX, 'error.form.is_invalid'),
});
export type CaptchaSettingsReq = z.infer<typeof CaptchaSettingsReq>;

/** The current captcha settings, defaults filled in. */
export async function captchaSettings(ctx: AppContext): Promise<CaptchaSettings> {
  return (await getSettings(ctx)).captcha;
}

/** GET /answer/admin/api/captcha: the settings and the providers to pick from `{slug_name, name, description, type}`. */
export async function readCaptchaAdmin(ctx: AppContext): Promise<CaptchaSettings & { providers: { slug_name: string; name: string; description: string; type: string }[]; pow_difficulty_min: number; pow_difficulty_max: number }> {
  const providers = (await captchaProviders(ctx)).map((p) => ({ slug_name: p.plugin.manifest.slug_name, name: p.plugin.manifest.name, description: p.plugin.manifest.description, type: p.hooks.type }));
  return { ...(await captchaSettings(ctx)), providers, pow_difficulty_min: POW_DIFFICULTY_MIN, pow_difficulty_max: POW_DIFFICULTY_MAX };
}

/**
 * PUT /answer/admin/api/captcha: checks and stores the whole section (nothing partial), audit-logged.
 * @throws 400 field errors: `provider` `error.captcha.provider_unknown`; `pow_difficulty`
 *   `error.captcha.difficulty_range` {min, max}; `questions` `error.captcha.questions_required` (question provider
 *   with no question) or `error.captcha.question_needs_answer` {line} (a question without an answer, 1-based)
 */
export async function updateCaptchaSettings(ctx: AppContext, admin: UserRow, input: CaptchaSettingsReq): Promise<void> {
  const issues: FieldIssue[] = [];
  if (!(await captchaProvider(ctx, input.provider))) issues.push({ field: 'provider', message: 'error.captcha.provider_unknown' });
  if (input.pow_difficulty < POW_DIFFICULTY_MIN || input.pow_difficulty > POW_DIFFICULTY_MAX) issues.push({ field: 'pow_difficulty', message: 'error.captcha.difficulty_range', params: { min: POW_DIFFICULTY_MIN, max: POW_DIFFICULTY_MAX } });
  const questions = input.questions.filter((q) => q.question).map((q) => ({ question: q.question, answers: q.answers.filter(Boolean) }));
  const bare = input.questions.findIndex((q) => q.question && !q.answers.some(Boolean));
  if (bare >= 0) issues.push({ field: 'questions', message: 'error.captcha.question_needs_answer', params: { line: bare + 1 } });
  else if (input.provider === QUESTION_CAPTCHA_SLUG && !questions.length) issues.push({ field: 'questions', message: 'error.captcha.questions_required' });
  if (issues.length) throw fieldErrors(issues);
  const current = await captchaSettings(ctx);
  const value: CaptchaSettings = { provider: input.provider, pow_difficulty: input.pow_difficulty, image_fallback: input.image_fallback, on_sign_up: input.on_sign_up, questions };
  await saveSection(ctx, 'captcha', value);
  const changes = settingsDiff(current as unknown as Record<string, unknown>, value as unknown as Record<string, unknown>);
  if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: 'settings.captcha', targetType: 'settings', targetId: 'captcha', changes });
}
