/**
 * Reviewers that score posts before they publish: the built-in rules and the `reviewer` plugins
 * (reviewer.service.ts), what their verdicts do (reviewer.apply.ts) and the moderator's decision reported back
 * (reviewer.feedback.ts).
 */
export { reviewNewPost, rememberQueued, reviewPostEdit, reviewComment, reviewProfile } from './reviewer.apply.js';
export { reportReviewDecision } from './reviewer.feedback.js';
export { installReviewerRequest } from './reviewer.request.js';
export { review, type ReviewOutcome } from './reviewer.service.js';
