/** Review queue: anti-spam rules other modules apply when posting, and the queue calls. */
export { queueReason, queuePost, checkPostRate, countLinks, moderationSettings } from './queue.js';
export { signUpNeedsApproval } from './signup.js';
export { reviewRoutes } from './review.routes.js';
export { decidePendingPost } from './review.service.js';
