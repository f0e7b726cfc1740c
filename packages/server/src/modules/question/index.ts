/** Questions: what other modules may use. */
export { questionPage, questionInfo, getVisibleQuestion, requireAnswerableQuestion, invalidateQuestionLists } from './question.service.js';
export { noteAnswerAdded, insertRevision, insertActivity, type QuestionRow } from './question.repository.js';
export { startViewFlusher, flushViews } from './question.views.js';
export { questionRoutes } from './question.routes.js';
