/**
 * `connector_github`: GitHub accounts over OAuth 2.0 (GitHub has no OpenID Connect for people). The profile is
 * GET https://api.github.com/user (`id`, `login`, `name`, `avatar_url`); the e-mail is the primary address of
 * GET /user/emails, verified only when GitHub says so (docs.github.com "Authorizing OAuth apps", "Emails").
 */
import { ConnectorError, definePlugin, type ExternalUser } from '@quorum/plugin-api';
import { GITHUB_ICON } from './icons.js';
import { authorizationUrl, exchangeCode, fetchJson, type ProviderSettings } from './oauth.js';

const API = 'https://api.github.com';

const settings = (c: Record<string, string | undefined>): ProviderSettings => ({
  issuer: '',
  authorization_endpoint: 'https://github.com/login/oauth/authorize',
  token_endpoint: 'https://github.com/login/oauth/access_token',
  userinfo_endpoint: '',
  jwks_uri: '',
  client_id: c.client_id ?? '',
  client_secret: c.client_secret ?? '',
  scopes: 'read:user user:email',
});

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** The member from GitHub's user and e-mail responses: the primary address, verified as GitHub reports. */
export function githubProfile(user: Record<string, unknown>, emails: GithubEmail[]): ExternalUser {
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
  if (!id) throw new ConnectorError('no_external_id', 'GitHub sent no user id');
  const primary = emails.find((e) => e.primary) ?? null;
  return {
    external_id: id,
    email: (primary?.email ?? (typeof user.email === 'string' ? user.email : '')).toLowerCase(),
    email_verified: Boolean(primary?.verified),
    username: typeof user.login === 'string' ? user.login : '',
    display_name: typeof user.name === 'string' ? user.name : '',
    avatar: typeof user.avatar_url === 'string' ? user.avatar_url : '',
    meta: JSON.stringify(user).slice(0, 10_000),
  };
}

export default definePlugin({
  manifest: {
    slug_name: 'connector_github',
    name: 'GitHub',
    version: '1.0.0',
    description: 'Log in with a GitHub account. Register an OAuth app under the GitHub account\'s Developer settings.',
    link: 'https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps',
    kinds: ['connector'],
    config: [
      { name: 'client_id', type: 'input', label: 'Client ID', required: true },
      { name: 'client_secret', type: 'input', label: 'Client secret', required: true, secret: true },
    ],
  },
  connector: {
    display: () => ({ name: 'GitHub', icon_svg: GITHUB_ICON }),
    authorizationUrl: (c, attempt, redirectUri, fetch) => authorizationUrl(settings(c), attempt, redirectUri, fetch),
    async finish(c, attempt, callbackUrl, _redirectUri, fetch) {
      const ex = await exchangeCode(settings(c), attempt, callbackUrl, fetch);
      const user = (await fetchJson(ex, `${API}/user`)) as Record<string, unknown>;
      const emails = await fetchJson(ex, `${API}/user/emails`).catch(() => []);
      return githubProfile(user, Array.isArray(emails) ? (emails as GithubEmail[]) : []);
    },
  },
});
