/** First-run installation. */
export { installSite, loadInstalledState, seedSite, initDatabase, type BaseInfo } from './install.service.js';
export { installRoutes } from './install.routes.js';
