/**
 * SAML 2.0 single sign-on (issue #38 item 4; docs/OPERATIONS.md "Single sign-on (SAML 2.0)"): the admin settings of
 * GET/PUT /admin/api/saml/settings, the "test" call, and the login page's GET /answer/api/v1/saml/info. The site is
 * the service provider (SP); the identity provider (IdP) is the organization's (Keycloak, Entra ID, Okta, AD FS...).
 * Off by default. Answer has no SAML login of its own; these shapes are Quorum's.
 */
import { z } from 'zod';

/** The stored settings (section `saml` of the settings table), with their defaults. */
export interface SamlSettings {
  enabled: boolean;
  /** shown on the login page: "Log in with {name}" */
  name: string;
  /** the IdP's entity ID: the Issuer its responses must carry */
  idp_entity_id: string;
  /** the IdP's single sign-on URL (HTTP-Redirect binding) */
  idp_sso_url: string;
  /** the IdP's single logout URL (HTTP-Redirect binding); '' turns SP-initiated single logout off */
  idp_slo_url: string;
  /** PEM certificate(s) of the IdP's signing key; assertions must be signed by one of them */
  idp_cert: string;
  /** this site's entity ID; '' uses the metadata URL (`<site>/answer/api/v1/saml/metadata`) */
  sp_entity_id: string;
  /** also require the whole Response to be signed (the assertion must always be) */
  want_response_signed: boolean;
  /** accept logins the IdP starts (unsolicited responses, no InResponseTo) */
  allow_idp_initiated: boolean;
  /** tolerated difference between the IdP's clock and ours, seconds (0-600) */
  clock_skew_seconds: number;
  /** NameID format asked for; '' lets the IdP choose */
  name_id_format: string;
  /** attribute names (the Attribute's Name) of the mapped fields; '' for the username uses the e-mail's local part */
  attr_username: string;
  attr_display_name: string;
  attr_email: string;
  /** the attribute whose values are the member's groups ('' for none) */
  attr_groups: string;
}

export const SAML_DEFAULTS: SamlSettings = {
  enabled: false,
  name: 'SSO',
  idp_entity_id: '',
  idp_sso_url: '',
  idp_slo_url: '',
  idp_cert: '',
  sp_entity_id: '',
  want_response_signed: false,
  allow_idp_initiated: true,
  clock_skew_seconds: 60,
  name_id_format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  attr_username: 'uid',
  attr_display_name: 'displayName',
  attr_email: 'email',
  attr_groups: 'groups',
};

/** The NameID formats offered by the settings page ('' lets the IdP choose). */
export const SAML_NAME_ID_FORMATS = [
  '',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
] as const;

const text = (max: number) => z.string({ error: 'error.form.is_invalid' }).trim().max(max, 'error.form.is_invalid');
const httpUrl = (message: string) =>
  text(1000)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), message)
    .optional()
    .default('');
const attr = (def: string) => text(256).refine((v) => !/[\s<>"']/.test(v), 'error.saml.attribute_invalid').optional().default(def);

/**
 * PUT /admin/api/saml/settings and POST /admin/api/saml/test: the whole form. Turning it on needs the IdP's entity
 * ID, SSO URL and certificate; a switched-off form may be saved half done.
 */
export const SamlSettingsReq = z
  .object({
    enabled: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
    name: text(60).optional().default(SAML_DEFAULTS.name),
    idp_entity_id: text(1000).optional().default(''),
    idp_sso_url: httpUrl('error.saml.url_invalid'),
    idp_slo_url: httpUrl('error.saml.url_invalid'),
    idp_cert: z
      .string({ error: 'error.form.is_invalid' })
      .max(40000, 'error.form.is_invalid')
      .refine((v) => v.trim() === '' || v.includes('-----BEGIN CERTIFICATE-----'), 'error.saml.cert_invalid')
      .optional()
      .default(''),
    sp_entity_id: text(1000).optional().default(''),
    want_response_signed: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
    allow_idp_initiated: z.boolean({ error: 'error.form.is_invalid' }).optional().default(true),
    clock_skew_seconds: z.coerce.number({ error: 'error.saml.skew_invalid' }).int('error.saml.skew_invalid').min(0, 'error.saml.skew_invalid').max(600, 'error.saml.skew_invalid').optional().default(60),
    name_id_format: z.enum(SAML_NAME_ID_FORMATS, { error: 'error.form.is_invalid' }).optional().default('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'),
    attr_username: attr(SAML_DEFAULTS.attr_username),
    attr_display_name: attr(SAML_DEFAULTS.attr_display_name),
    attr_email: attr(SAML_DEFAULTS.attr_email),
    attr_groups: attr(SAML_DEFAULTS.attr_groups),
  })
  .superRefine((v, c) => {
    const need = (ok: boolean, path: string, message: string) => ok || c.addIssue({ code: 'custom', path: [path], message });
    if (!v.enabled) return;
    need(v.idp_entity_id !== '', 'idp_entity_id', 'error.saml.entity_id_required');
    need(v.idp_sso_url !== '', 'idp_sso_url', 'error.saml.sso_url_required');
    need(v.idp_cert.trim() !== '', 'idp_cert', 'error.saml.cert_required');
  });
export type SamlSettingsReq = z.infer<typeof SamlSettingsReq>;

/** GET /answer/api/v1/saml/info: whether the login page offers SAML, its name and the path that starts a login. */
export interface SamlInfo {
  enabled: boolean;
  name: string;
  /** GET this (a top-level navigation) with `?redirect=/path` to log in */
  login_url: string;
}

/** POST /admin/api/saml/test: checks of the form's settings, without saving them. */
export interface SamlTestResult {
  ok: boolean;
  /** the first check that failed, or `done` */
  stage: 'cert' | 'sso_url' | 'done';
  /** translated summary for the admin */
  message: string;
  /** the certificate's subject and expiry, or the error text, '' when nothing to add */
  detail: string;
}

/** POST /answer/api/v1/saml/logout: where the browser goes next to end the IdP's session too ('' when nowhere). */
export interface SamlLogoutResult {
  redirect_url: string;
}

/**
 * Why a SAML login was refused: the login page shows `saml.errors.<code>` when the ACS sends the browser back to
 * /users/login?saml_error=<code> (the detail is in the server's log only).
 */
export const SAML_ERROR_CODES = [
  'disabled',
  'not_configured',
  'signature',
  'unsigned',
  'expired',
  'audience',
  'issuer',
  'recipient',
  'unsolicited',
  'replayed',
  'idp_refused',
  'invalid',
  'no_email',
  'registration_closed',
  'email_domain',
  'account_deleted',
  'suspended',
] as const;
export type SamlErrorCode = (typeof SAML_ERROR_CODES)[number];
