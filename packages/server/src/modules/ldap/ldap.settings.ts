/**
 * The directory login settings (contract schemas/ldap.ts): stored in the `ldap` row of `settings`, defaults
 * filling what is not stored. The bind password never leaves the server: GET answers LDAP_PASSWORD_MASK when one
 * is stored, and a PUT or test that sends the mask back uses the stored one. The audit log records only whether
 * it changed.
 */
import { LDAP_DEFAULTS, LDAP_PASSWORD_MASK, type LdapSettings, type LdapSettingsReq } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import type { UserRow } from '../../core/auth/index.js';
import { fieldError } from '../../core/errors.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import { loadSettingsRow, saveSettingsRow } from '../siteinfo/index.js';

/** The settings in force (read from the database on every call; defaults before installation). */
export async function ldapSettings(ctx: AppContext): Promise<LdapSettings> {
  if (!ctx.database || !ctx.installed) return { ...LDAP_DEFAULTS };
  const stored = (await loadSettingsRow(ctx.database, 'ldap')) ?? {};
  const out = { ...LDAP_DEFAULTS } as Record<string, unknown>;
  for (const key of Object.keys(LDAP_DEFAULTS) as (keyof LdapSettings)[]) {
    if (typeof stored[key] === typeof LDAP_DEFAULTS[key]) out[key] = stored[key];
  }
  return out as unknown as LdapSettings;
}

/** GET /admin/api/ldap/settings payload: the settings with the bind password masked. */
export function presentLdapSettings(s: LdapSettings): LdapSettings {
  return { ...s, bind_password: s.bind_password ? LDAP_PASSWORD_MASK : '' };
}

/**
 * A validated form with the mask replaced by the stored password. The stored password is used only with the URL
 * and bind DN it was saved with, so a changed address cannot be sent a password the admin did not type again.
 * @throws 400 field error `bind_password` `error.ldap.password_reenter` when the mask comes with another URL or bind DN
 */
export function withStoredPassword(input: LdapSettingsReq, current: LdapSettings): LdapSettings {
  if (!input.bind_dn) return { ...input, bind_password: '' };
  if (input.bind_password !== LDAP_PASSWORD_MASK) return { ...input };
  if (input.url !== current.url || input.bind_dn !== current.bind_dn || !current.bind_password) throw fieldError('bind_password', 'error.ldap.password_reenter');
  return { ...input, bind_password: current.bind_password };
}

/**
 * PUT /admin/api/ldap/settings: stores the validated form and records the change (without the password).
 * @param input parsed with LdapSettingsReq
 */
export async function saveLdapSettings(ctx: AppContext, admin: UserRow, input: LdapSettingsReq): Promise<void> {
  const before = await ldapSettings(ctx);
  const next = withStoredPassword(input, before);
  await saveSettingsRow(requireDb(ctx), 'ldap', next, nowSeconds());
  const changes: Record<string, unknown> = settingsDiff({ ...before, bind_password: '' }, { ...next, bind_password: '' });
  if (next.bind_password !== before.bind_password) changes.bind_password = 'changed';
  if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: 'settings.ldap', targetType: 'settings', targetId: 'ldap', changes });
}
