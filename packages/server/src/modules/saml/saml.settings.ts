/**
 * The SAML login settings (contract schemas/saml.ts): stored in the `saml` row of `settings`, defaults filling what
 * is not stored. Nothing in them is secret (the IdP's certificate is public), so GET answers them as stored. A save
 * is recorded in the audit log with the fields that changed.
 */
import { X509Certificate } from 'node:crypto';
import { SAML_DEFAULTS, type SamlSettings, type SamlSettingsReq, type SamlTestResult } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import type { UserRow } from '../../core/auth/index.js';
import { translate } from '../../core/i18n.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import { guardedFetch } from '../connector/index.js';
import { certificateProblem, idpCertificates } from './saml.sp.js';
import { loadSettingsRow, saveSettingsRow } from '../siteinfo/index.js';

/** The settings in force (read from the database on every call; defaults before installation). */
export async function samlSettings(ctx: AppContext): Promise<SamlSettings> {
  if (!ctx.database || !ctx.installed) return { ...SAML_DEFAULTS };
  const stored = (await loadSettingsRow(ctx.database, 'saml')) ?? {};
  const out = { ...SAML_DEFAULTS } as Record<string, unknown>;
  for (const key of Object.keys(SAML_DEFAULTS) as (keyof SamlSettings)[]) {
    if (typeof stored[key] === typeof SAML_DEFAULTS[key]) out[key] = stored[key];
  }
  return out as unknown as SamlSettings;
}

/**
 * PUT /admin/api/saml/settings: stores the validated form and records the change.
 * @param input parsed with SamlSettingsReq
 */
export async function saveSamlSettings(ctx: AppContext, admin: UserRow, input: SamlSettingsReq): Promise<void> {
  const before = await samlSettings(ctx);
  await saveSettingsRow(requireDb(ctx), 'saml', input, nowSeconds());
  const changes: Record<string, unknown> = settingsDiff({ ...before, idp_cert: '' }, { ...input, idp_cert: '' });
  if (input.idp_cert !== before.idp_cert) changes.idp_cert = 'changed';
  if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: 'settings.saml', targetType: 'settings', targetId: 'saml', changes });
}

/**
 * POST /admin/api/saml/test: checks the given (unsaved) settings: every IdP certificate parses (and the first is not
 * past its expiry), then the SSO URL answers at all (any HTTP status counts; requests go through the outbound
 * address guard, so a private address needs QUORUM_WEBHOOK_ALLOW_PRIVATE=on). The message is in the admin's
 * language; `detail` is the certificate's subject and expiry or the error text.
 */
export async function samlTest(s: SamlSettings, lang: string): Promise<SamlTestResult> {
  const problem = certificateProblem(s.idp_cert);
  if (problem) return { ok: false, stage: 'cert', message: translate('saml.test.cert_invalid', lang), detail: problem };
  const cert = new X509Certificate(idpCertificates(s.idp_cert)[0]!);
  if (Date.parse(cert.validTo) < Date.now()) return { ok: false, stage: 'cert', message: translate('saml.test.cert_expired', lang), detail: `${cert.subject} (${cert.validTo})` };
  if (!s.idp_sso_url) return { ok: false, stage: 'sso_url', message: translate('saml.test.unreachable', lang), detail: 'no SSO URL' };
  try {
    await guardedFetch(s.idp_sso_url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(5000) });
  } catch (err) {
    return { ok: false, stage: 'sso_url', message: translate('saml.test.unreachable', lang), detail: (err as Error).message };
  }
  return { ok: true, stage: 'done', message: translate('saml.test.ok', lang), detail: `${cert.subject.replace(/\n/g, ', ')} (until ${cert.validTo})` };
}
