/**
 * `connector_oidc`: log in with any OAuth 2.0 / OpenID Connect provider, configured by its issuer (discovery) or by
 * its endpoints, the client's id and secret, the scopes, and which claims carry the e-mail, its verified flag, the
 * name, the username and the picture.
 */
import { ConnectorError, definePlugin, type ConfigField, type ExternalUser, type PluginConfig } from '@quorum/plugin-api';
import { KEY_ICON } from './icons.js';
import { authorizationUrl, claim, exchangeCode, settingsOf, userInfo } from './oauth.js';

const url = (name: string, label: string, description: string): ConfigField => ({ name, type: 'input', format: 'url', label, description });

/** The configuration form (admin console `/admin/connector_oidc`). */
export const OIDC_FIELDS: readonly ConfigField[] = [
  { name: 'display_name', type: 'input', label: 'Button name', description: "Shown as 'Log in with …' on the login and sign-up pages.", required: true, default: 'OpenID Connect' },
  url('issuer', 'Issuer URL', 'The provider\'s issuer; its /.well-known/openid-configuration is read. Leave empty to give the endpoints below.'),
  url('authorization_endpoint', 'Authorization endpoint', 'Only without an issuer.'),
  url('token_endpoint', 'Token endpoint', 'Only without an issuer.'),
  url('userinfo_endpoint', 'Userinfo endpoint', 'Only without an issuer; optional.'),
  url('jwks_uri', 'JWKS URL', "Only without an issuer: the provider's signing keys, needed to check ID tokens."),
  { name: 'client_id', type: 'input', label: 'Client ID', required: true },
  { name: 'client_secret', type: 'input', label: 'Client secret', required: true, secret: true },
  { name: 'scopes', type: 'input', label: 'Scopes', description: 'Space-separated; include openid for an ID token.', default: 'openid email profile' },
  { name: 'id_claim', type: 'input', label: 'Account id claim', default: 'sub' },
  { name: 'email_claim', type: 'input', label: 'E-mail claim', default: 'email' },
  { name: 'email_verified_claim', type: 'input', label: 'E-mail verified claim', description: 'The address counts as verified only when this claim is true.', default: 'email_verified' },
  { name: 'name_claim', type: 'input', label: 'Name claim', default: 'name' },
  { name: 'username_claim', type: 'input', label: 'Username claim', default: 'preferred_username' },
  { name: 'avatar_claim', type: 'input', label: 'Avatar claim', default: 'picture' },
];

/**
 * Maps the provider's claims to the member it vouches for, by the configured claim names.
 * @throws ConnectorError `no_external_id` when the id claim is missing
 */
export function profileFromClaims(c: PluginConfig, claims: Record<string, unknown>): ExternalUser {
  const externalId = claim(claims, c.id_claim || 'sub');
  if (!externalId) throw new ConnectorError('no_external_id', `the provider sent no ${c.id_claim || 'sub'}`);
  const verified = (claims as Record<string, unknown>)[c.email_verified_claim || 'email_verified'];
  return {
    external_id: externalId,
    email: claim(claims, c.email_claim || 'email').trim().toLowerCase(),
    email_verified: verified === true || verified === 'true',
    username: claim(claims, c.username_claim || 'preferred_username'),
    display_name: claim(claims, c.name_claim || 'name'),
    avatar: claim(claims, c.avatar_claim || 'picture'),
    meta: JSON.stringify(claims).slice(0, 10_000),
  };
}

export default definePlugin({
  manifest: {
    slug_name: 'connector_oidc',
    name: 'OpenID Connect',
    version: '1.0.0',
    description: 'Log in with any OAuth 2.0 / OpenID Connect provider: company single sign-on, Keycloak, Authentik, Okta, Azure AD.',
    link: 'https://openid.net/developers/how-connect-works/',
    kinds: ['connector'],
    config: OIDC_FIELDS,
  },
  validateConfig(c) {
    if (c.issuer) return {};
    const issues: Record<string, string> = {};
    if (!c.authorization_endpoint) issues.authorization_endpoint = 'error.form.cannot_be_empty';
    if (!c.token_endpoint) issues.token_endpoint = 'error.form.cannot_be_empty';
    if ((c.scopes || 'openid').split(/\s+/).includes('openid') && !c.jwks_uri) issues.jwks_uri = 'error.form.cannot_be_empty';
    return issues;
  },
  connector: {
    display: (c) => ({ name: c.display_name || 'OpenID Connect', icon_svg: KEY_ICON }),
    authorizationUrl: (c, attempt, redirectUri, fetch) => authorizationUrl(settingsOf(c), attempt, redirectUri, fetch),
    async finish(c, attempt, callbackUrl, _redirectUri, fetch) {
      const ex = await exchangeCode(settingsOf(c), attempt, callbackUrl, fetch);
      const claims = { ...ex.claims, ...(await userInfo(ex)) };
      return profileFromClaims(c, claims);
    },
  },
});
