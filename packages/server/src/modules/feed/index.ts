/** The site's RSS and Atom feeds: what other modules may use. */
export { feedRoutes, FEED_MAX_AGE } from './feed.routes.js';
export { feedLinks, feedPath, type FeedLink } from './feed.links.js';
export type { FeedSubject } from './feed.service.js';
