/** Badges: what other modules may use. */
export { badgeRoutes } from './badge.routes.js';
export { recountBadges, recountBadgesIn } from './badge.rules.js';
export { recountBadgesBulk } from './badge.recount.js';
