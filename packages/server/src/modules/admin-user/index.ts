/** Admin user management. */
export { adminUserRoutes } from './admin-user.routes.js';
export { changeStatus } from './admin-user.service.js';
