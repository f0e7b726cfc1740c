/**
 * Cache of anonymous question-list pages: the process-wide micro-cache (core/microcache.ts), which every
 * question or answer write clears; clearing it also drops the server-rendered pages (modules/ssr/ssr.pagecache.ts)
 * and the list counts (question.counts.ts).
 */
export { microGet as cacheGet, microSet as cacheSet, microClear as cacheClear } from '../../core/microcache.js';
