/**
 * Locks of posts and protection of questions (issue #35 items 3 and 4). The write services call `checkPostOpen`
 * (one line each: vote, comment, answer, question and answer edits); the info responses read `locksOf` and
 * `protectionOf`; the answer delete calls `protectAfterAnswerDeleted`; the question lists filter with
 * `historicalQuestionIds` (lock.repository.ts).
 */
export { lockRoutes } from './lock.routes.js';
export { checkPostOpen, locksOf, questionCuration, type PostRef, type PostWrite } from './lock.service.js';
export { protectionOf, protectAfterAnswerDeleted } from './lock.protect.js';
