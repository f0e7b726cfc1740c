/** Site customization served outside the API. */
export { customizeRoutes } from './customize.routes.js';
