/** Admin console: dashboard, content lists and the admin audit log. */
export { adminRoutes } from './admin.routes.js';
export { recordAdminAction, recentAdminActions, settingsDiff, type AdminAction } from './audit.js';
