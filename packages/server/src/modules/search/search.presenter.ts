/** Search results as they leave the server (Answer's SearchResult / SearchObject, QuestionBaseInfo). */
import { PostStatus, urlTitle } from '@quorum/contract';
import { excerpt } from '../../core/markdown.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { AnswerRow, QuestionBase, QuestionRow } from './search.repository.js';

const QUESTION_STATUS: Record<number, string> = { [PostStatus.normal]: 'available', [PostStatus.closed]: 'closed', [PostStatus.deleted]: 'deleted', [PostStatus.pending]: 'pending' };

function searchUser(u: UserRow | undefined): Record<string, unknown> {
  const b = presentBasicUser(u);
  return { id: b.id, username: b.username, display_name: b.display_name, rank: b.rank, status: b.status };
}

/** One question hit. */
export function presentQuestionHit(q: QuestionRow, tags: Record<string, unknown>[], author: UserRow | undefined): Record<string, unknown> {
  return {
    object_type: 'question',
    object: {
      id: q.id,
      question_id: q.id,
      title: q.title,
      url_title: urlTitle(q.title),
      excerpt: excerpt(q.parsed_text, 200),
      created_at: q.created_at,
      vote_count: q.vote_count,
      answer_count: q.answer_count,
      accepted: q.accepted_answer_id !== '',
      user_info: searchUser(author),
      tags,
      status: QUESTION_STATUS[q.status] ?? 'available',
      // The open bounty's amount (modules/bounty), only while there is one.
      ...(q.bounty_amount > 0 ? { bounty_amount: Number(q.bounty_amount) } : {}),
    },
  };
}

/** One answer hit: the answer's own text and votes, under its question's title and tags. */
export function presentAnswerHit(a: AnswerRow, q: QuestionRow, tags: Record<string, unknown>[], author: UserRow | undefined): Record<string, unknown> {
  return {
    object_type: 'answer',
    object: {
      id: a.id,
      question_id: q.id,
      title: q.title,
      url_title: urlTitle(q.title),
      excerpt: excerpt(a.parsed_text, 200),
      created_at: a.created_at,
      vote_count: a.vote_count,
      answer_count: q.answer_count,
      accepted: a.accepted === 2,
      user_info: searchUser(author),
      tags,
      status: QUESTION_STATUS[a.status] ?? 'available',
    },
  };
}

/** A question in the similar-question lists (Answer's QuestionBaseInfo). */
export function presentQuestionBase(q: QuestionBase): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    url_title: urlTitle(q.title),
    view_count: q.view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    vote_count: q.vote_count,
    status: QUESTION_STATUS[q.status] ?? 'available',
    accepted_answer: q.accepted_answer_id !== '',
    accepted_answer_id: q.accepted_answer_id === '' ? '0' : q.accepted_answer_id,
    created_at: q.created_at,
  };
}
