/** Third-party login through connector plugins: what other modules may use. */
export { connectorRoutes } from './connector.routes.js';
