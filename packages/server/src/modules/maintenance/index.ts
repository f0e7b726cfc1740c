/** Maintenance mode: what other modules may use. */
export { installMaintenance, isHeld, RETRY_AFTER_SECONDS } from './maintenance.js';
