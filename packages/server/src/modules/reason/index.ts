/** Reasons offered by the close (and later flag) dialogs. */
export { CLOSE_REASONS, closeReason, reasonsFor, presentReason, type ReasonDef } from './reason.js';
export { reasonRoutes } from './reason.routes.js';
