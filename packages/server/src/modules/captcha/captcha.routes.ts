/**
 * Captcha settings calls (admins only; Quorum's, Answer has none):
 * - GET /answer/admin/api/captcha: the settings with the providers to pick from (captcha.settings.ts)
 * - PUT /answer/admin/api/captcha `{provider, pow_difficulty, image_fallback, on_sign_up, questions}`: saves; 400
 *   field errors when a value is refused, nothing saved
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { CaptchaSettingsReq, readCaptchaAdmin, updateCaptchaSettings } from './captcha.settings.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get(`${ADMIN_API_PREFIX}/captcha`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await readCaptchaAdmin(ctx));
  });
  app.put(`${ADMIN_API_PREFIX}/captcha`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    await updateCaptchaSettings(ctx, admin, parse(CaptchaSettingsReq, req.body));
    return ok(req, await readCaptchaAdmin(ctx));
  });
}
