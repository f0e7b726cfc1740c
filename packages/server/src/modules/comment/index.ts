/** Comments: what other modules may use. */
export { commentRoutes } from './comment.routes.js';
export { removeComment } from './comment.service.js';
export { linkMentions, mentionedNames } from './mention.js';
export { requirePostTarget, visiblePostTargets, canSeePost, isPostId, type PostTarget } from './target.js';
export { listUserComments, swapCommentStatus, type CommentReader, type CommentRow } from './comment.repository.js';
