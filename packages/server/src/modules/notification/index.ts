/** Notifications: what other modules may use. */
export { notify, notifyFlagOutcome, InboxType, type NotifyInput } from './notification.service.js';
export { notificationStatus } from './notification.service.js';
export { recordAchievement, recordBadgeAward, type AchievementInput, type BadgeAwardInput } from './achievement.js';
export { notificationRoutes } from './notification.routes.js';
