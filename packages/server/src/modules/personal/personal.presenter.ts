/** Profile lists as they leave the server (Answer's personal page shapes). */
import { urlTitle } from '@quorum/contract';
import { excerpt } from '../../core/markdown.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { AnswerRow, QuestionRow } from './personal.repository.js';

/** A question in profile lists and qa/top. */
export function presentQuestionItem(q: QuestionRow, tags: Record<string, unknown>[]): Record<string, unknown> {
  return {
    id: q.id,
    question_id: q.id,
    title: q.title,
    url_title: urlTitle(q.title),
    description: excerpt(q.parsed_text, 200),
    status: q.status,
    vote_count: q.vote_count,
    answer_count: q.answer_count,
    view_count: q.view_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    accepted_answer_id: q.accepted_answer_id || '0',
    created_at: q.created_at,
    update_time: q.updated_at,
    tags,
  };
}

/** An answer in profile lists and qa/top, with its question's title. */
export function presentAnswerItem(a: AnswerRow, q: QuestionRow | undefined, tags: Record<string, unknown>[]): Record<string, unknown> {
  const title = q?.title ?? '';
  return {
    answer_id: a.id,
    question_id: a.question_id,
    description: excerpt(a.parsed_text, 200),
    accepted: a.accepted,
    vote_count: a.vote_count,
    status: a.status,
    create_time: a.created_at,
    update_time: a.updated_at,
    question_info: { id: a.question_id, title, url_title: urlTitle(title), accepted_answer_id: q?.accepted_answer_id || '0', tags },
  };
}

/** GET /personal/user/info (Answer's GetOtherUserInfoByUsernameResp, returned flat). */
export function presentProfile(u: UserRow, counts: { questions: number; answers: number }): Record<string, unknown> {
  const basic = presentBasicUser(u);
  return {
    id: u.id,
    username: u.username,
    display_name: basic.display_name,
    avatar: basic.avatar,
    rank: u.rank,
    bio: u.bio,
    bio_html: u.bio_html,
    website: u.website,
    location: u.location,
    status: basic.status,
    status_msg: '',
    question_count: counts.questions,
    answer_count: counts.answers,
    follow_count: u.follow_count,
    created_at: u.created_at,
    last_login_date: u.last_login_date,
    mobile: '',
  };
}

/** Where a profile-list row points: the post's type, question, answer, title. */
export interface ObjectRef {
  object_type: string;
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}
