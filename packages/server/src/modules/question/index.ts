/** Questions: what other modules may use. */
export { questionPage, questionInfo, getVisibleQuestion, getVisibleQuestionRef, requireAnswerableQuestion, invalidateQuestionLists } from './question.service.js';
export { noteAnswerAdded, findQuestion, updateQuestion, bumpAnswerCount, swapQuestionStatus, type QuestionRow } from './question.repository.js';
export { prepareQuestionEdit, writeQuestionEdit, requireEditableQuestion, checkQuestionEditable, editQuestion, type PreparedQuestionEdit } from './question.edit.js';
export { recordQuestionLinks, linkedIdsInText } from './question.links.js';
export { duplicateTarget, type DuplicateTarget } from './question.duplicate.js';
export { startViewFlusher, flushViews, countView } from './question.views.js';
export { questionRoutes } from './question.routes.js';
export { recommendRoutes } from './question.recommend.routes.js';
export { deleteQuestion, recoverQuestion, closeQuestion, reopenQuestion, operateQuestion } from './question.moderation.js';
