/**
 * The question page's interactive layer, one lazy chunk loaded after hydration: votes, accept, the toolbar
 * (reactions, share, bookmark, follow, menu), comments and the sidebar. Kept out of the initial bundle.
 */
import './strings';
import './qa.css';

export { PostVote } from './PostVote';
export { PostToolbar } from './PostToolbar';
export { QuestionAside } from './QuestionAside';
export { Comments } from '../comments/Comments';
