/** Flags: what other modules may use. */
export { reportRoutes } from './report.routes.js';
export { flagCounts, flagStateOf } from './report.list.js';
export { insertModeratorActivity } from './report.repository.js';
