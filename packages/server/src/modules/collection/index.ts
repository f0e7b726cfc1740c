/** Bookmarks: what other modules may use. */
export { collectionRoutes } from './collection.routes.js';
export { listBookmarks } from './collection.repository.js';
