/** Sitemaps, robots.txt and Latin question slugs: what other modules may use. */
export { sitemapRoutes } from './sitemap.routes.js';
export { clearSitemapCache, URLS_PER_FILE } from './sitemap.service.js';
export { toLatin } from './transliterate.js';
