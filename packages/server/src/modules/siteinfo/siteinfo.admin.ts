/**
 * Admin settings sections (GET and PUT /admin/api/siteinfo/{section}, spec §7 "Admin"; shapes of Answer's
 * schema.Site*Resp). A PUT validates the whole section with the contract's schema before anything is stored
 * (nothing partial is saved), keeps stored fields the form does not carry (e.g. theme_options), renders legal
 * markdown once, records the change in the admin audit log and drops the settings cache and the micro-cache,
 * so the next request in this process sees it. (Other app nodes see it within the 5 s settings cache.)
 */
import { SITEINFO_SECTIONS, type LabelValue, type SiteinfoSectionName, type SiteThemeReq, type SiteWriteReq } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { fieldError, fieldErrors, type FieldIssue } from '../../core/errors.js';
import { renderMarkdown } from '../../core/markdown.js';
import { availableLanguages } from '../../core/i18n.js';
import { recordAdminAction, settingsDiff } from '../audit/index.js';
import { tagIdBySlug } from '../tag/index.js';
import { organizationLoginsOn, type UserRow } from '../../core/auth/index.js';
import type { SettingsSection, SiteSettings } from './siteinfo.defaults.js';
import { getSettings, saveSection } from './siteinfo.service.js';

/** URL section name -> stored settings section. */
export const SECTION_KEYS: Record<SiteinfoSectionName, SettingsSection> = {
  general: 'general',
  interface: 'interface',
  branding: 'branding',
  write: 'site_write',
  legal: 'legal',
  seo: 'site_seo',
  theme: 'theme',
  'custom-css-html': 'custom_css_html',
  login: 'login',
  users: 'site_users',
  spam: 'site_spam',
  locks: 'site_locks',
  'close-votes': 'site_close_votes',
  bounty: 'site_bounty',
  staging: 'site_staging',
  'inbound-mail': 'site_inbound_mail',
};

/** Themes this build ships (GET /admin/api/theme/options). */
export const THEME_OPTIONS: LabelValue[] = [{ label: 'Default', value: 'default' }];

/** GET /admin/api/language/options: the bundled languages (spec §1). */
export function languageOptions(): LabelValue[] {
  return availableLanguages().map((l) => ({ label: l.label, value: l.value }));
}

/** GET /admin/api/siteinfo/{section}: the stored section with defaults filled in. */
export async function readSection(ctx: AppContext, name: SiteinfoSectionName): Promise<Record<string, unknown>> {
  const s = await getSettings(ctx);
  if (name === 'theme') return { ...s.theme, theme_options: THEME_OPTIONS };
  return { ...(s[SECTION_KEYS[name]] as object) };
}

/**
 * Checks beyond the schema: recommended/reserved tags exist, a required tag needs recommended tags (PUT
 * /siteinfo/write, and 2.x's PUT /siteinfo/tag in siteinfo.v2.ts).
 * @throws 400 field errors; nothing is saved
 */
export async function checkWrite(ctx: AppContext, input: Pick<SiteWriteReq, 'recommend_tags' | 'reserved_tags' | 'required_tag'>): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const field of ['recommend_tags', 'reserved_tags'] as const) {
    for (const [i, tag] of input[field].entries()) {
      if (!(await tagIdBySlug(ctx, tag.slug_name))) issues.push({ field: `${field}.${i}.slug_name`, message: 'error.settings.tag_not_found', params: { tag: tag.slug_name } });
    }
  }
  if (input.required_tag && input.recommend_tags.length === 0) issues.push({ field: 'recommend_tags', message: 'error.settings.required_tag_needs_recommended' });
  if (issues.length) throw fieldErrors(issues);
}

function checkTheme(input: SiteThemeReq): void {
  if (!THEME_OPTIONS.some((t) => t.value === input.theme)) throw fieldError('theme', 'error.settings.theme_invalid');
}

/** The stored value of a section after a validated PUT: the current value with the sent fields replaced. */
async function nextValue(ctx: AppContext, name: SiteinfoSectionName, current: Record<string, unknown>, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (name === 'write') await checkWrite(ctx, input as SiteWriteReq);
  if (name === 'theme') checkTheme(input as SiteThemeReq);
  // Password login for admins only needs an organization login to send members to (issue #38 item 6); turning it
  // off, or leaving it on while an organization login is on, is always allowed.
  if (name === 'login' && input.password_login_admins_only === true && current.password_login_admins_only !== true && !(await organizationLoginsOn(ctx)).length) {
    throw fieldError('password_login_admins_only', 'error.settings.organization_login_required');
  }
  const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (name === 'legal') {
    const tos = String(sent.terms_of_service_original_text ?? '');
    const privacy = String(sent.privacy_policy_original_text ?? '');
    return {
      ...current,
      terms_of_service_original_text: tos,
      terms_of_service_parsed_text: tos.trim() ? renderMarkdown(tos) : '',
      privacy_policy_original_text: privacy,
      privacy_policy_parsed_text: privacy.trim() ? renderMarkdown(privacy) : '',
    };
  }
  if (name === 'theme') return { ...current, ...sent, theme_options: THEME_OPTIONS };
  return { ...current, ...sent };
}

/**
 * PUT /admin/api/siteinfo/{section}.
 * @param input the request body, already parsed with SITEINFO_SECTIONS[name]
 * @throws 400 field errors (tag not found, theme unknown, required tag without recommended tags); nothing is saved
 */
export async function updateSection(ctx: AppContext, admin: UserRow, name: SiteinfoSectionName, input: Record<string, unknown>): Promise<void> {
  const key = SECTION_KEYS[name];
  const settings = await getSettings(ctx);
  const current = { ...(settings[key] as object) } as Record<string, unknown>;
  const value = await nextValue(ctx, name, current, input);
  await saveSection(ctx, key, value as unknown as SiteSettings[typeof key]);
  const changes = settingsDiff(current, value);
  if (Object.keys(changes).length) await recordAdminAction(ctx, admin, { action: `settings.${name}`, targetType: 'settings', targetId: name, changes });
}

/** Every section name, in the order of the admin sidebar (spec §2). */
export const SECTION_NAMES = Object.keys(SITEINFO_SECTIONS) as SiteinfoSectionName[];
