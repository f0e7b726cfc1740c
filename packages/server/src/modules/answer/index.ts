/** Answers. */
export { answerPage, addAnswer } from './answer.service.js';
export { answerRoutes } from './answer.routes.js';
