/**
 * Directory (LDAP) login (issue #38 item 3; docs/OPERATIONS.md "Directory login (LDAP)"): the admin settings of
 * GET/PUT /admin/api/ldap/settings, the "test connection" call and the login call POST /answer/api/v1/ldap/login.
 * Off by default. Answer has no LDAP login of its own; these shapes are Quorum's.
 */
import { z } from 'zod';

/** What GET /admin/api/ldap/settings shows in place of a stored bind password. */
export const LDAP_PASSWORD_MASK = '********';

/** How the member's entry is found: `search` (bind as a service account, search, then bind as the entry) or `direct` (bind with a DN template). */
export const LDAP_BIND_MODES = ['search', 'direct'] as const;
/** Where the member's groups come from: none, the entry's memberOf-style attribute, or a search of group entries. */
export const LDAP_GROUP_SOURCES = ['none', 'member_of', 'search'] as const;

/** The stored settings (section `ldap` of the settings table), with their defaults. */
export interface LdapSettings {
  enabled: boolean;
  /** shown on the login page: "Log in with {name}" */
  name: string;
  /** ldap://host:port or ldaps://host:port */
  url: string;
  /** upgrade an ldap:// connection with StartTLS before anything is sent */
  start_tls: boolean;
  /** PEM certificate(s) of the CA that signed the server's certificate; '' uses the system's CAs */
  tls_ca: string;
  bind_mode: (typeof LDAP_BIND_MODES)[number];
  /** service account of `search` mode; '' binds anonymously */
  bind_dn: string;
  bind_password: string;
  /** `direct` mode: the member's DN, `{username}` standing for the typed name (DN-escaped) */
  user_dn_template: string;
  search_base: string;
  /** `search` mode: `{username}` stands for the typed name (filter-escaped), e.g. `(uid={username})` */
  user_filter: string;
  attr_username: string;
  attr_display_name: string;
  attr_email: string;
  /** a stable id of the entry (e.g. entryUUID, objectGUID); '' uses the entry's DN */
  attr_id: string;
  group_source: (typeof LDAP_GROUP_SOURCES)[number];
  /** `member_of`: the attribute holding the DNs of the entry's groups */
  attr_member_of: string;
  /** `search`: where group entries are, and the filter (`{dn}` the member's DN, `{username}` the name) */
  group_search_base: string;
  group_filter: string;
  /** attribute of a group entry (or the first RDN of a memberOf DN) used as the group's name */
  attr_group_name: string;
  /** connect and per-operation timeout, seconds (1-60) */
  timeout_seconds: number;
}

export const LDAP_DEFAULTS: LdapSettings = {
  enabled: false,
  name: 'LDAP',
  url: '',
  start_tls: false,
  tls_ca: '',
  bind_mode: 'search',
  bind_dn: '',
  bind_password: '',
  user_dn_template: '',
  search_base: '',
  user_filter: '(uid={username})',
  attr_username: 'uid',
  attr_display_name: 'cn',
  attr_email: 'mail',
  attr_id: 'entryUUID',
  group_source: 'member_of',
  attr_member_of: 'memberOf',
  group_search_base: '',
  group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
  attr_group_name: 'cn',
  timeout_seconds: 5,
};

const text = (max: number) => z.string({ error: 'error.form.is_invalid' }).trim().max(max, 'error.form.is_invalid');
const attr = (def: string) => text(64).refine((v) => v === '' || /^[A-Za-z][A-Za-z0-9-]*$/.test(v), 'error.ldap.attribute_invalid').optional().default(def);

/**
 * PUT /admin/api/ldap/settings and POST /admin/api/ldap/test: the whole form. `bind_password` equal to
 * LDAP_PASSWORD_MASK keeps the stored one. Checks that need the other fields (a URL to turn it on, a search base and
 * a `{username}` in the filter or template of the chosen mode, a group search base) run on every save, so a
 * switched-off form may be saved half done.
 */
export const LdapSettingsReq = z
  .object({
    enabled: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
    name: text(60).optional().default(LDAP_DEFAULTS.name),
    url: text(500)
      .refine((v) => v === '' || /^ldaps?:\/\/[^\s/?#]+\/?$/i.test(v), 'error.ldap.url_invalid')
      .optional()
      .default(''),
    start_tls: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
    tls_ca: z.string({ error: 'error.form.is_invalid' }).max(20000, 'error.form.is_invalid').refine((v) => v.trim() === '' || v.includes('-----BEGIN CERTIFICATE-----'), 'error.ldap.ca_invalid').optional().default(''),
    bind_mode: z.enum(LDAP_BIND_MODES, { error: 'error.form.is_invalid' }).optional().default('search'),
    bind_dn: text(500).optional().default(''),
    bind_password: z.string({ error: 'error.form.is_invalid' }).max(500, 'error.form.is_invalid').optional().default(''),
    user_dn_template: text(500).optional().default(''),
    search_base: text(500).optional().default(''),
    user_filter: text(500).optional().default(LDAP_DEFAULTS.user_filter),
    attr_username: attr(LDAP_DEFAULTS.attr_username),
    attr_display_name: attr(LDAP_DEFAULTS.attr_display_name),
    attr_email: attr(LDAP_DEFAULTS.attr_email),
    attr_id: attr(LDAP_DEFAULTS.attr_id),
    group_source: z.enum(LDAP_GROUP_SOURCES, { error: 'error.form.is_invalid' }).optional().default('member_of'),
    attr_member_of: attr(LDAP_DEFAULTS.attr_member_of),
    group_search_base: text(500).optional().default(''),
    group_filter: text(500).optional().default(LDAP_DEFAULTS.group_filter),
    attr_group_name: attr(LDAP_DEFAULTS.attr_group_name),
    timeout_seconds: z.coerce.number({ error: 'error.ldap.timeout_invalid' }).int('error.ldap.timeout_invalid').min(1, 'error.ldap.timeout_invalid').max(60, 'error.ldap.timeout_invalid').optional().default(5),
  })
  .superRefine((v, c) => {
    const need = (ok: boolean, path: string, message: string) => ok || c.addIssue({ code: 'custom', path: [path], message });
    if (v.enabled) need(v.url !== '', 'url', 'error.ldap.url_required');
    if (v.start_tls) need(!/^ldaps:/i.test(v.url), 'start_tls', 'error.ldap.start_tls_with_ldaps');
    if (!v.enabled) return;
    if (v.bind_mode === 'search') {
      need(v.search_base !== '', 'search_base', 'error.ldap.search_base_required');
      need(v.user_filter.includes('{username}') && v.user_filter.startsWith('(') && v.user_filter.endsWith(')'), 'user_filter', 'error.ldap.filter_needs_username');
    } else {
      need(v.user_dn_template.includes('{username}'), 'user_dn_template', 'error.ldap.template_needs_username');
    }
    if (v.group_source === 'search') {
      need(v.group_search_base !== '', 'group_search_base', 'error.ldap.group_base_required');
      need(v.group_filter.startsWith('(') && v.group_filter.endsWith(')'), 'group_filter', 'error.ldap.group_filter_invalid');
    }
  });
export type LdapSettingsReq = z.infer<typeof LdapSettingsReq>;

/** POST /answer/api/v1/ldap/login: the directory's username and password (an empty password is never sent to the directory). */
export const LdapLoginReq = z.object({
  username: z.string({ error: 'error.ldap.username_required' }).trim().min(1, 'error.ldap.username_required').max(256, 'error.form.is_invalid'),
  password: z.string({ error: 'error.ldap.password_required' }).min(1, 'error.ldap.password_required').max(1024, 'error.form.is_invalid'),
});
export type LdapLoginReq = z.infer<typeof LdapLoginReq>;

/** GET /answer/api/v1/ldap/info: whether the login page offers the directory, and its name. */
export interface LdapInfo {
  enabled: boolean;
  name: string;
}

/** POST /admin/api/ldap/test: the stage reached (`connect`, `tls`, `bind`, `search`) and whether all passed. */
export interface LdapTestResult {
  ok: boolean;
  stage: 'connect' | 'tls' | 'bind' | 'search' | 'done';
  /** translated summary for the admin */
  message: string;
  /** the directory's or the socket's own error text (never a password), '' when fine */
  detail: string;
}
