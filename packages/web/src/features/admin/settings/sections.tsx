/**
 * The settings pages that are plain forms over one siteinfo section (spec §2, §7; field names of Answer's
 * SiteGeneralReq, SiteInterfaceReq, SiteBrandingReq, SiteLegalReq, SiteSeoReq, SiteLoginReq, SiteUsersReq).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { PageSpinner } from '../../../components/PageSpinner';
import { ADMIN_KEY, fetchLanguageOptions, fetchSiteinfo, saveSiteinfo, type SiteinfoSection } from '../api';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

type Data = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
/** One entry per line, blank lines dropped. */
export const lines = (v: string | boolean | undefined): string[] =>
  String(v ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Form values of the listed fields: booleans stay booleans, string arrays become lines, the rest strings. */
function pick(data: Data, names: string[]): FormValues {
  const out: FormValues = {};
  for (const n of names) {
    const v = data?.[n];
    out[n] = typeof v === 'boolean' ? v : Array.isArray(v) ? v.map(str).join('\n') : str(v);
  }
  return out;
}

/** A page editing `fields` of `section`; `toBody` defaults to the trimmed values over the loaded data. */
function SectionPage({ page, section, fields, toBody }: { page: string; section: SiteinfoSection; fields: FieldSpec[]; toBody?: (form: FormValues, data: Data) => unknown }) {
  const opts = useMemo(
    () => ({
      id: section,
      load: () => fetchSiteinfo<Data>(section),
      save: (body: unknown) => saveSiteinfo(section, body),
      toForm: (data: Data) => pick(data, fields.map((f) => f.name)),
      toBody:
        toBody ??
        ((form: FormValues, data: Data) => {
          const body: Data = { ...data };
          for (const f of fields) {
            const v = form[f.name];
            body[f.name] = typeof v === 'boolean' ? v : f.kind === 'number' ? Number(v) : str(v).trim();
          }
          return body;
        }),
      schema: SETTINGS_SCHEMAS[section] ?? null,
    }),
    [section, fields, toBody],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page={page} state={state} fields={fields} />;
}

const GENERAL: FieldSpec[] = [
  { name: 'name', kind: 'text', maxLength: LIMITS.siteNameMax },
  { name: 'site_url', kind: 'url', maxLength: LIMITS.siteUrlMax },
  { name: 'short_description', kind: 'text', maxLength: 255 },
  { name: 'description', kind: 'textarea', maxLength: 2000, rows: 3 },
  { name: 'contact_email', kind: 'email', maxLength: 512 },
  { name: 'maintenance', kind: 'switch' },
];

/** /admin/general: site name, URL, descriptions, contact e-mail, maintenance mode. */
export function GeneralPage() {
  return <SectionPage page="general" section="general" fields={GENERAL} />;
}

/** Time zones the browser knows, UTC first. */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** /admin/interface: default language and time zone. */
export function InterfacePage() {
  const { data: languages } = useQuery({ queryKey: [ADMIN_KEY, 'language-options'], queryFn: fetchLanguageOptions, staleTime: 60_000 });
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'language', kind: 'select', options: (languages ?? []).map((l) => ({ value: l.value, label: l.label })) },
      { name: 'time_zone', kind: 'select', options: timeZones().map((z) => ({ value: z, label: z })) },
    ],
    [languages],
  );
  if (!languages) return <PageSpinner />;
  return <SectionPage page="interface" section="interface" fields={fields} />;
}

/** /admin/branding, with uploads: BrandingPage.tsx. */
export { BrandingPage } from './BrandingPage';

const LEGAL: FieldSpec[] = [
  { name: 'terms_of_service_original_text', kind: 'textarea', rows: 10 },
  { name: 'privacy_policy_original_text', kind: 'textarea', rows: 10 },
];

/** /admin/legal: terms of service and privacy policy in markdown (served at /tos and /privacy). */
export function LegalSettingsPage() {
  return <SectionPage page="legal" section="legal" fields={LEGAL} />;
}

/** /admin/seo: permalink style (spec §9: 1 to 4) and robots.txt. */
export function SeoPage() {
  const { t } = useTranslation();
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'permalink', kind: 'select', options: [1, 2, 3, 4].map((p) => ({ value: String(p), label: t(`admin.seo.permalink_${p}`) })) },
      { name: 'robots', kind: 'textarea', rows: 8 },
    ],
    [t],
  );
  const toBody = useMemo(() => (form: FormValues, data: Data) => ({ ...data, permalink: Number(form.permalink), robots: str(form.robots) }), []);
  return <SectionPage page="seo" section="seo" fields={fields} toBody={toBody} />;
}

const LOGIN: FieldSpec[] = [
  { name: 'allow_new_registrations', kind: 'switch' },
  { name: 'allow_email_registrations', kind: 'switch' },
  { name: 'allow_email_domains', kind: 'textarea', rows: 4 },
  { name: 'allow_password_login', kind: 'switch' },
  // Quorum's (issue #38 item 6): only offered with password login on; the server refuses it without LDAP or SAML on.
  { name: 'password_login_admins_only', kind: 'switch', when: (f) => f.allow_password_login === true },
  { name: 'login_required', kind: 'switch' },
];
const loginBody = (form: FormValues, data: Data) => ({
  ...data,
  allow_new_registrations: form.allow_new_registrations === true,
  allow_email_registrations: form.allow_email_registrations === true,
  allow_email_domains: lines(form.allow_email_domains),
  allow_password_login: form.allow_password_login === true,
  password_login_admins_only: form.password_login_admins_only === true,
  login_required: form.login_required === true,
});

/** /admin/login: registration, e-mail domains, password login (for everyone or, with LDAP or SAML on, admins only), private site. */
export function LoginSettingsPage() {
  return <SectionPage page="login" section="login" fields={LOGIN} toBody={loginBody} />;
}

/** /admin/settings-users: what members may change on their profile, and the default avatar. */
export function UsersSettingsPage() {
  const { t } = useTranslation();
  const fields = useMemo<FieldSpec[]>(
    () => [
      ...['display_name', 'username', 'avatar', 'bio', 'website', 'location'].map((f): FieldSpec => ({ name: `allow_update_${f}`, kind: 'switch' })),
      { name: 'default_avatar', kind: 'select', options: ['system', 'gravatar'].map((v) => ({ value: v, label: t(`admin.settings_users.avatar_${v}`) })) },
      { name: 'gravatar_base_url', kind: 'url', maxLength: 512, when: (f) => f.default_avatar === 'gravatar' },
    ],
    [t],
  );
  return <SectionPage page="settings_users" section="users" fields={fields} />;
}
