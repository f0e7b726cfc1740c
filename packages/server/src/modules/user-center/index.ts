/** The external user center (user-center plugins taking over login and sign-up): what other modules may use. */
export { installUserCenterGuard, userCenterPublicPaths, userCenterRoutes } from './user-center.routes.js';
export { activeUserCenter, type ActiveUserCenter } from './user-center.service.js';
