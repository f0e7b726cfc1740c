/** Groups (issue #38 item 1): the calls, the rule sync, and what other modules may ask. */
export { groupRoutes } from './group.routes.js';
export { startGroupRules, syncMemberGroups } from './group.rules.js';
export { mentionedGroups, GROUP_MENTION_MEMBERS } from './group.mentions.js';
