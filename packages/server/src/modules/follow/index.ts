/** Follows: what other modules may use. */
export { followRoutes } from './follow.routes.js';
