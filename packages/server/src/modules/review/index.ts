/** Review queue: anti-spam rules other modules apply when posting, and the queue calls. */
export { queueReason, queuePost, checkPostRate, countLinks, moderationSettings, POST_RATE_LIMITS } from './queue.js';
export { queueSignUp, isSignUpWaiting } from './review.users.js';
export { reviewRoutes } from './review.routes.js';
