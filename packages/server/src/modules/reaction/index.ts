/** Emoji reactions. */
export { reactionRoutes } from './reaction.routes.js';
