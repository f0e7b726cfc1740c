/** Rows of the admin content lists (Answer's AdminQuestionInfo and AdminAnswerInfo, plus status and links). */
import { urlTitle, type AdminAnswerItem, type AdminPostAuthor, type AdminQuestionItem } from '@quorum/contract';
import { excerpt } from '../../core/markdown.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { AdminAnswerRow, AdminQuestionRow } from './content.repository.js';

const STATUS_NAMES: Record<number, 'normal' | 'closed' | 'deleted' | 'pending'> = { 1: 'normal', 2: 'closed', 10: 'deleted', 11: 'pending' };

function author(row: UserRow | undefined): AdminPostAuthor {
  const u = presentBasicUser(row);
  return { id: String(u.id), username: String(u.username), display_name: String(u.display_name), avatar: String(u.avatar), status: String(u.status) };
}

/** One row of GET /admin/api/question/page. */
export function presentAdminQuestion(q: AdminQuestionRow, users: Map<string, UserRow>): AdminQuestionItem {
  return {
    id: q.id,
    title: q.title,
    url_title: urlTitle(q.title),
    vote_count: q.vote_count,
    answer_count: q.answer_count,
    accepted_answer_id: q.accepted_answer_id && q.accepted_answer_id !== '0' ? q.accepted_answer_id : '0',
    status: STATUS_NAMES[q.status] ?? 'normal',
    pin: q.pin,
    show: q.show,
    create_time: q.created_at,
    update_time: q.updated_at,
    edit_time: q.post_updated_at,
    user_info: author(users.get(q.user_id)),
  };
}

/** One row of GET /admin/api/answer/page; `description` is a plain-text excerpt of the answer. */
export function presentAdminAnswer(a: AdminAnswerRow, users: Map<string, UserRow>): AdminAnswerItem {
  const title = a.question_title ?? '';
  return {
    id: a.id,
    question_id: a.question_id,
    description: excerpt(a.parsed_text, 200),
    accepted: a.accepted,
    vote_count: a.vote_count,
    status: (STATUS_NAMES[a.status] ?? 'normal') as AdminAnswerItem['status'],
    create_time: a.created_at,
    update_time: a.updated_at,
    user_info: author(users.get(a.user_id)),
    question_info: { id: a.question_id, title, url_title: urlTitle(title) },
  };
}
