/** Admin console: dashboard and content lists (the audit log it shows is modules/audit). */
export { adminRoutes } from './admin.routes.js';
