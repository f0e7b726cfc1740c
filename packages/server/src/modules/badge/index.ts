/** Badges: what other modules may use. */
export { badgeRoutes } from './badge.routes.js';
export { recountBadges } from './badge.rules.js';
