/**
 * Inbox notifications about answers (Answer's notification actions `answer_the_question` and `accept_answer`,
 * both in the "posts" inbox, with the answer as the object and its question's title).
 */
import type { AppContext } from '../../core/context.js';
import { InboxType, notify } from '../notification/index.js';
import type { AnswerRow } from './answer.repository.js';

/** The question fields a notification needs. */
interface QuestionRef {
  id: string;
  user_id: string;
  title: string;
}

function aboutAnswer(question: QuestionRef, answer: AnswerRow) {
  return { object_type: 'answer', object_id: answer.id, title: question.title, question_id: question.id, answer_id: answer.id, type: 'inbox' as const, inbox_type: InboxType.posts };
}

/** Tells the asker that `answer` was posted to their question (none for answering one's own question). */
export async function notifyAnswered(ctx: AppContext, question: QuestionRef, answer: AnswerRow): Promise<void> {
  await notify(ctx, [{ ...aboutAnswer(question, answer), receiver_id: question.user_id, trigger_user_id: answer.user_id, action: 'answer_the_question' }]);
}

/** Tells the answer's author that `acceptorId` accepted it (none when they accepted their own answer). */
export async function notifyAccepted(ctx: AppContext, question: QuestionRef, answer: AnswerRow, acceptorId: string): Promise<void> {
  await notify(ctx, [{ ...aboutAnswer(question, answer), receiver_id: answer.user_id, trigger_user_id: acceptorId, action: 'accept_answer' }]);
}
