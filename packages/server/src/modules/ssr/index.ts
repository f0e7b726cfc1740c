/** Server-rendered pages and the web build. */
export { ssrRoutes } from './ssr.routes.js';
export { CLIENT_DIR, hasWebBuild } from './ssr.renderer.js';
