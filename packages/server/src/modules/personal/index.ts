/** Profiles and the user ranking. */
export { personalRoutes } from './personal.routes.js';
export { profileInfo } from './personal.service.js';
