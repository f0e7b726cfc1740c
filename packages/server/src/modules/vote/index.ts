/** Votes on questions, answers and comments. */
export { vote, type VoteResp } from './vote.service.js';
export { voteRoutes } from './vote.routes.js';
