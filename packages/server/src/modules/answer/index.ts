/** Answers. */
export { answerPage, addAnswer, answerInfo, getVisibleAnswer } from './answer.service.js';
export { prepareAnswerEdit, writeAnswerEdit, requireEditableAnswer, checkAnswerEditable, editAnswer, type PreparedAnswerEdit } from './answer.edit.js';
export { findAnswer, swapAnswerStatus, type AnswerRow } from './answer.repository.js';
export { answerRoutes } from './answer.routes.js';
export { deleteAnswer, recoverAnswer } from './answer.moderation.js';
export { notifyAnswered } from './answer.notify.js';
