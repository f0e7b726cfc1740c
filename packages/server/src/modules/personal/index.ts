/** Profiles, the user ranking and the member directory. */
export { personalRoutes } from './personal.routes.js';
export { profileInfo } from './personal.service.js';
export { userDirectory, type DirectoryMember } from './personal.directory.js';
