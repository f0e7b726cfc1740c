/** Third-party login through connector plugins: what other modules may use. */
export { connectorRoutes } from './connector.routes.js';
export { externalLogin, LoginFailure, siteBase, type CallbackOutcome } from './connector.service.js';
