/** Reputation privileges. */
export { hasPrivilege, currentThresholds, thresholdsForLevel, DEFAULT_PRIVILEGE_LEVEL, CUSTOM_PRIVILEGE_LEVEL, PRIVILEGE_ACTIONS, type PrivilegeAction } from './privilege.js';
export { setConfigValue, getConfigValue } from './privilege.repository.js';
