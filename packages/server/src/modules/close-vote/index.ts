/**
 * Close and reopen by votes (issue #35 item 2): the calls, the `close_votes` of question/info, the review queue's
 * count, and the end of a vote round when a moderator closes, reopens or restores a question.
 */
export { closeVoteRoutes } from './close-vote.routes.js';
export { closeVotesInfo, castVote, retractVote } from './close-vote.service.js';
export { closeVoteQueueCounts } from './close-vote.queue.js';
export { endCloseVoteRound } from './close-vote.repository.js';
