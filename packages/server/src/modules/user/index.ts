/** Users and authentication: what other modules may use. */
// Guards live in core/auth; re-exported here for modules that still import them from the user module.
export { currentUser, requireUser, requireActiveUser, requireUnsuspendedUser, requireAdmin, isStaff, requestToken, isSuspended } from '../../core/auth/index.js';
export { createAccount, createSession, endSession, getUser, hashPassword, assertEmailDomainAllowed, endUserSessions, setPassword } from './user.service.js';
export { presentBasicUser, presentCurrentUser, userStatusName, avatarUrl } from './user.presenter.js';
export { findUsersByIds, bumpUserCount, type UserRow } from './user.repository.js';
export { issueLink, mailLanguage, sendCodeMail } from './account.mail.js';
export { usersWithOption } from './settings.repository.js';
export { emailOptions, unsubscribe, type EmailOptions } from './settings.service.js';
export { unsubscribeToken, readUnsubscribeToken, UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from './settings.unsubscribe.js';
export { configureAccountLimits } from './throttle.js';
export { startAccountHousekeeping } from './housekeeping.js';
export { userRoutes } from './user.routes.js';
export { accountRoutes } from './account.routes.js';
export { userSettingsRoutes } from './settings.routes.js';
export { rateLimit, rateLimitsOn } from './throttle.js';
