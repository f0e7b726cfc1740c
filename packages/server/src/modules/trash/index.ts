/** Emptying the trash of deleted questions, answers and users (Answer 2.0's delete/permanently). */
export { trashRoutes } from './trash.routes.js';
export { emptyTrash } from './trash.service.js';
