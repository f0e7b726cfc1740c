/** Directory (LDAP) login: what other modules may use. */
export { ldapRoutes } from './ldap.routes.js';
export { LDAP_PROVIDER } from './ldap.service.js';
export { groupsOf as directoryGroupsOf, replaceGroups as replaceDirectoryGroups } from './ldap.repository.js';
