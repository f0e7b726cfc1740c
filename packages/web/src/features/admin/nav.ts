/**
 * The admin sidebar (spec §2 "Admin routes"): dashboard; contents (questions, answers); users (users, groups); customize
 * (themes, css-html); settings (general, interface, branding, smtp, legal, write, seo, login, ldap, saml, users,
 * privileges, captcha, spam, close votes, locks, bounty, staging, inbound mail); plugins (installed); integrations (API keys); backups. Paths are relative to /admin; labels are `admin.nav.<key>`.
 */

export interface NavItem {
  /** label key under admin.nav */
  key: string;
  /** path under /admin ('' for the dashboard) */
  path: string;
}

export interface NavGroup {
  /** label key under admin.nav; a group of one item shows as that item */
  key: string;
  items: NavItem[];
}

const item = (key: string, path = key): NavItem => ({ key, path });

export const ADMIN_NAV: readonly NavGroup[] = [
  { key: 'dashboard', items: [item('dashboard', '')] },
  { key: 'contents', items: [item('questions'), item('answers')] },
  { key: 'users', items: [item('users'), item('groups')] },
  { key: 'customize', items: [item('themes'), item('css_html', 'css-html')] },
  {
    key: 'settings',
    items: [
      item('general'),
      item('interface'),
      item('branding'),
      item('smtp'),
      item('legal'),
      item('write'),
      item('seo'),
      item('login'),
      item('ldap'),
      item('saml'),
      item('settings_users', 'settings-users'),
      item('privileges'),
      item('captcha'),
      item('spam'),
      item('close_votes', 'close-votes'),
      item('locks'),
      item('bounty'),
      item('staging'),
      item('inbound_mail', 'inbound-mail'),
    ],
  },
  { key: 'plugins', items: [item('installed_plugins', 'installed-plugins')] },
  { key: 'integrations', items: [item('api_keys', 'api-keys'), item('webhooks')] },
  { key: 'backups', items: [item('backups')] },
];

/** Every sidebar page's path under /admin, in sidebar order. */
export const ADMIN_PATHS: readonly string[] = ADMIN_NAV.flatMap((g) => g.items.map((i) => i.path));
