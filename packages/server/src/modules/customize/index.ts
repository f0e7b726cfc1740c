/** Site customization served outside the API, and the settings' part of every page's head. */
export { customizeRoutes } from './customize.routes.js';
export { siteHead, cssVersion, brandIcon, primaryColorOf, customBodyEnd } from './customize.head.js';
