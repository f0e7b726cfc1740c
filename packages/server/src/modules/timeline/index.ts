/** History timelines. */
export { timelineRoutes } from './timeline.routes.js';
