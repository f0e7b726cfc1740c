/** Security endpoints (Content-Security-Policy violation reports). */
export { securityRoutes, CSP_LOG_PER_MINUTE } from './security.routes.js';
