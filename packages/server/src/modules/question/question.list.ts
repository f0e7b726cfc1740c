/**
 * Rows of the question lists (GET /question/page, the Recommend tab, linked questions) with their tags and the
 * user each row credits. Answer's rule for the credit (question_common FormatQuestionsPage): the newest order,
 * and a question nobody edited or answered, show the author ("asked", at its creation); otherwise the last editor
 * ("modified", at the question's update time), unless the last answer is not older, which shows the answerer (the
 * answer's last editor when someone else edited it, else its author; "answered", at the answer's creation).
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentTagsOfQuestions } from '../tag/index.js';
import { findUsersByIds } from '../user/index.js';
import { presentListItem, type ListCredit } from './question.presenter.js';
import { findAnswerCredits } from './question.lookup.repository.js';
import type { QuestionRow } from './question.repository.js';

type AnswerCredit = { user_id: string; last_edit_user_id: string; created_at: number };

const edited = (id: string | null | undefined): id is string => !!id && id !== '0';

/** The credit of one row by Answer's rule (file header); `order` is the list's order (`newest`, `active`, ...). */
export function listCredit(q: QuestionRow, order: string, users: Map<string, UserRow>, last: AnswerCredit | undefined): ListCredit {
  const haveEdited = edited(q.last_edit_user_id);
  if (order === 'newest' || (!haveEdited && !last)) return { type: 'asked', at: q.created_at, user: users.get(q.user_id) };
  let credit: ListCredit = haveEdited ? { type: 'modified', at: q.updated_at, user: users.get(q.last_edit_user_id) } : { type: 'asked', at: 0, user: users.get(q.user_id) };
  // An answer of the same second as the question's update is what updated it: the answerer is credited.
  if (last && last.created_at >= credit.at) credit = { type: 'answered', at: last.created_at, user: users.get(edited(last.last_edit_user_id) ? last.last_edit_user_id : last.user_id) };
  return credit;
}

/**
 * List items of question rows, in their order: tags, and the credited user by Answer's rule for `order`.
 * @param order the list's order; `newest` always credits the author
 */
export async function presentQuestionRows(ctx: AppContext, rows: QuestionRow[], order: string): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const answers = await findAnswerCredits(db, rows.map((r) => r.last_answer_id).filter(Boolean));
  const userIds = [...rows.flatMap((r) => [r.user_id, r.last_edit_user_id]), ...[...answers.values()].flatMap((a) => [a.user_id, a.last_edit_user_id])].filter(edited);
  const [tags, users] = await Promise.all([presentTagsOfQuestions(ctx, rows.map((r) => r.id)), findUsersByIds(db, [...new Set(userIds)])]);
  return rows.map((r) => presentListItem(r, tags.get(r.id) ?? [], listCredit(r, order, users, r.last_answer_id ? answers.get(r.last_answer_id) : undefined)));
}
