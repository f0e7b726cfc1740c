/**
 * The admin audit log (who changed which setting, user or post, when, and what changed). A leaf module: it needs
 * only core, so every module whose admin calls change something records here without importing the admin console.
 */
export { recordAdminAction, recentAdminActions, settingsDiff, type AdminAction } from './audit.js';
export { hasAuditAction } from './audit.repository.js';
