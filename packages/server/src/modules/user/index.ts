/** Users and authentication: what other modules may use. */
export { currentUser, requireUser, requireActiveUser, isStaff, requestToken } from './auth.js';
export { createAccount, createSession, getUser, hashPassword } from './user.service.js';
export { presentBasicUser, presentCurrentUser } from './user.presenter.js';
export { findUsersByIds, bumpUserCount, type UserRow } from './user.repository.js';
export { userRoutes } from './user.routes.js';
