/** `connector_google`: Google accounts, an OpenID Connect provider at https://accounts.google.com. */
import { definePlugin } from '@quorum/plugin-api';
import { profileFromClaims } from './generic.js';
import { GOOGLE_ICON } from './icons.js';
import { authorizationUrl, exchangeCode, userInfo, type ProviderSettings } from './oauth.js';

const settings = (c: Record<string, string | undefined>): ProviderSettings => ({
  issuer: 'https://accounts.google.com',
  authorization_endpoint: '',
  token_endpoint: '',
  userinfo_endpoint: '',
  jwks_uri: '',
  client_id: c.client_id ?? '',
  client_secret: c.client_secret ?? '',
  scopes: 'openid email profile',
});

export default definePlugin({
  manifest: {
    slug_name: 'connector_google',
    name: 'Google',
    version: '1.0.0',
    description: 'Log in with a Google account (OpenID Connect). Create the OAuth client in the Google Cloud console.',
    link: 'https://developers.google.com/identity/openid-connect/openid-connect',
    kinds: ['connector'],
    config: [
      { name: 'client_id', type: 'input', label: 'Client ID', required: true },
      { name: 'client_secret', type: 'input', label: 'Client secret', required: true, secret: true },
    ],
  },
  connector: {
    display: () => ({ name: 'Google', icon_svg: GOOGLE_ICON }),
    authorizationUrl: (c, attempt, redirectUri, fetch) => authorizationUrl(settings(c), attempt, redirectUri, fetch),
    async finish(c, attempt, callbackUrl, _redirectUri, fetch) {
      const ex = await exchangeCode(settings(c), attempt, callbackUrl, fetch);
      return profileFromClaims({}, { ...ex.claims, ...(await userInfo(ex)) });
    },
  },
});
