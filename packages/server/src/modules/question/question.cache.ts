/**
 * Cache of anonymous question-list pages: the process-wide micro-cache (core/microcache.ts), which every
 * question or answer write clears, together with the server-rendered pages stored in it.
 */
export { microGet as cacheGet, microSet as cacheSet, microClear as cacheClear } from '../../core/microcache.js';
