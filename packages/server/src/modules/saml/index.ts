/** SAML 2.0 single sign-on (service provider): what other modules may use. */
export { samlRoutes } from './saml.routes.js';
export { SAML_PROVIDER } from './saml.service.js';
