/** Live updates: the event stream of logged-in members. */
export { liveRoutes, liveHub } from './live.routes.js';
