/** Third-party login through connector plugins: what other modules may use. */
export { connectorRoutes } from './connector.routes.js';
export { externalLogin, externalMember, LoginFailure, safeReturnPath, siteBase, type CallbackOutcome } from './connector.service.js';
export { loginBrowser, randomToken, sameSecret, sha256, USER_CENTER_POLL_COOKIE, USER_CENTER_STATE_COOKIE, type LoginBrowser } from './login-browser.js';
export { guardedFetch } from './outbound.js';
