/** Admin SMTP settings: GET and PUT /answer/admin/api/setting/smtp (admins only). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/http.js';
import { requireDb } from '../../core/context.js';
import { requireAdmin } from '../../core/auth/index.js';
import { getSettings } from '../siteinfo/index.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import { enqueueEmail } from './outbox.js';
import { getSmtp, presentSmtp, saveSmtp, validateSmtp } from './smtp.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/admin/api/setting/smtp', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, presentSmtp(await getSmtp(ctx)));
  });

  app.put('/answer/admin/api/setting/smtp', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const before = await getSmtp(ctx);
    const input = validateSmtp(req.body, before);
    await saveSmtp(ctx, input);
    // The audit log never holds the password: only whether it changed.
    const { test_email_recipient: _recipient, ...saved } = input;
    const changes: Record<string, unknown> = settingsDiff({ ...before, smtp_password: '' }, { ...saved, smtp_password: '' });
    if (saved.smtp_password !== before.smtp_password) changes.smtp_password = 'changed';
    if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: 'settings.smtp', targetType: 'settings', targetId: 'smtp', changes });
    if (input.test_email_recipient) {
      const site = await getSettings(ctx);
      const lang = admin.language && admin.language !== 'Default' ? admin.language : site.interface.language;
      await enqueueEmail(ctx, requireDb(ctx), { to: input.test_email_recipient, lang, template: 'test' });
    }
    return ok(req, null);
  });
}
