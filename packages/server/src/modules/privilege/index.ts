/** Reputation privileges and post permissions. */
export { hasPrivilege, currentThresholds, thresholdsForLevel, invalidateThresholds, DEFAULT_PRIVILEGE_LEVEL, CUSTOM_PRIVILEGE_LEVEL, PRIVILEGE_ACTIONS, type PrivilegeAction } from './privilege.js';
export { setConfigValue, getConfigValue } from './privilege.repository.js';
export {
  isModerator, rankTooLow, requirePrivilege, editMode, canAudit, permissionMap, questionMemberActions, answerMemberActions,
  type Actor, type EditMode, type MemberAction, type PostKind,
} from './permission.js';
export { privilegeRoutes } from './privilege.routes.js';
