/**
 * Request schemas of the plugin and connector calls (spec §7 "Connectors and user center; plugins"; Answer's
 * schema.UpdatePluginStatusReq, UpdatePluginConfigReq, UpdateUserPluginConfigReq,
 * ExternalLoginBindingUserSendEmailReq, ExternalLoginUnbindingReq). Messages are translation keys.
 */
import { z } from 'zod';
import { email } from './common.js';

const slugName = z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100, 'error.form.is_invalid');
/** Config values as the admin form sends them: strings, booleans (switches) or numbers; stored as strings. */
const configFields = z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]).nullable(), { error: 'error.form.is_invalid' });

/** GET /admin/api/plugins */
export const PluginListQuery = z.object({
  status: z.enum(['', 'active', 'inactive', 'outdated'], { error: 'error.form.is_invalid' }).optional(),
  have_config: z.enum(['', 'true', 'false'], { error: 'error.form.is_invalid' }).optional(),
});

/** GET /admin/api/plugin/config, GET /user/plugin/config */
export const PluginSlugQuery = z.object({ plugin_slug_name: slugName });

/** PUT /admin/api/plugin/status */
export const UpdatePluginStatusReq = z.object({ plugin_slug_name: slugName, enabled: z.boolean({ error: 'error.form.is_invalid' }) });
export type UpdatePluginStatusReq = z.infer<typeof UpdatePluginStatusReq>;

/** PUT /admin/api/plugin/config, PUT /user/plugin/config */
export const UpdatePluginConfigReq = z.object({ plugin_slug_name: slugName, config_fields: configFields });
export type UpdatePluginConfigReq = z.infer<typeof UpdatePluginConfigReq>;

/** POST /connector/binding/email: `must` binds even when the address belongs to an account (after a warning). */
export const ConnectorBindingEmailReq = z.object({
  binding_key: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100, 'error.form.is_invalid'),
  email,
  must: z.boolean().optional().default(false),
});
export type ConnectorBindingEmailReq = z.infer<typeof ConnectorBindingEmailReq>;

/** POST /connector/binding/confirm: the code of the confirmation e-mail's link. */
export const ConnectorBindingConfirmReq = z.object({
  code: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(200, 'error.form.is_invalid'),
});

/** DELETE /connector/user/unbinding */
export const ConnectorUnbindingReq = z.object({
  external_id: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(255, 'error.form.is_invalid'),
});
export type ConnectorUnbindingReq = z.infer<typeof ConnectorUnbindingReq>;
