/** Silence and suspension of members, with history (issue #34 item 3). */
export { penaltyRoutes } from './penalty.routes.js';
export { recordPenalty, liftPenalty, penaltyEnd, nextDuration } from './penalty.service.js';
export { startPenaltyHousekeeping, tidyEndedPenalties } from './penalty.housekeeping.js';
