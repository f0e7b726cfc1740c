/** Admin user management. */
export { adminUserRoutes } from './admin-user.routes.js';
