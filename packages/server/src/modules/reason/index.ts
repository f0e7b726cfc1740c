/** Reasons offered by the close, flag and review-report dialogs. */
export { CLOSE_REASONS, FLAG_REASONS, closeReason, flagReason, anyFlagReason, reasonsFor, presentReason, type ReasonDef } from './reason.js';
export { reasonRoutes } from './reason.routes.js';
