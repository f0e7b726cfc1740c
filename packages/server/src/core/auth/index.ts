/**
 * Who is calling, and may they: request authentication (Authorization header or the web session cookie with its
 * CSRF token) and the guards every module's routes start with (spec §4 "Derived login state", §6 roles). In core
 * because nearly every module needs them; the user module owns accounts and creates sessions, and no module has
 * to import it to check a caller.
 */
export {
  currentUser,
  requestCredential,
  requestToken,
  requireCookieCsrf,
  requireUser,
  requireUnsuspendedUser,
  requireActiveUser,
  requireAdmin,
  isStaff,
  sessionSecondsLeft,
  userForToken,
  csrfRefused,
  type RequestCredential,
} from './guards.js';
export { isSuspended, suspendedError } from './suspension.js';
export { isSilenced, formatPenaltyEnd, suspensionRefusal, SILENCE_ALLOWED_WRITES } from './penalty.js';
export { hashToken } from './token.js';
export { organizationLoginsOn, registerOrganizationLogin } from './organization-login.js';
export type { UserRow } from './session.repository.js';
