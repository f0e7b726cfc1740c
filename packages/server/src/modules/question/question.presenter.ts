/** Questions as they leave the server (Answer's QuestionPageResp and question info). */
import { urlTitle } from '@quorum/contract';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { QuestionRow } from './question.repository.js';
import { questionExcerpt } from './question.excerpt.js';
import { questionBountyField } from '../bounty/bounty.presenter.js';
import { presentWiki } from '../wiki/wiki.presenter.js';

/** Whom a list row credits, for what and when (question.list.ts `listCredit`); `user` undefined when gone. */
export interface ListCredit {
  type: 'asked' | 'modified' | 'answered';
  at: number;
  user: UserRow | undefined;
}

/** One row of GET /question/page: `operator`, `operation_type` and `operated_at` come from `credit`. */
export function presentListItem(q: QuestionRow, tags: Record<string, unknown>[], credit: ListCredit): Record<string, unknown> {
  const who = credit.user;
  return {
    id: q.id,
    title: q.title,
    url_title: urlTitle(q.title),
    description: questionExcerpt(q.parsed_text, 200),
    status: q.status,
    pin: q.pin,
    show: q.show,
    view_count: q.view_count,
    unique_view_count: q.unique_view_count,
    vote_count: q.vote_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    accepted_answer_id: q.accepted_answer_id === '' ? '0' : q.accepted_answer_id,
    last_answer_id: q.last_answer_id === '' ? '0' : q.last_answer_id,
    created_at: q.created_at,
    operated_at: credit.at,
    operation_type: credit.type,
    operator: who
      ? { id: who.id, username: who.username, display_name: who.display_name || who.username, rank: who.rank, status: presentBasicUser(who).status }
      : { id: '', username: '', display_name: '', rank: 0, status: 'deleted' },
    tags,
    // The open bounty's amount (modules/bounty), only while there is one: Answer's item otherwise.
    ...(q.bounty_amount > 0 ? { bounty_amount: Number(q.bounty_amount) } : {}),
    // Community wiki (modules/wiki), only for a wiki question: Answer's item otherwise.
    ...(q.wiki_at > 0 ? { wiki: true } : {}),
  };
}

export interface ViewerState {
  answered: boolean;
  collected: boolean;
  vote_status: string;
  is_followed: boolean;
}

/**
 * The part of GET /question/info that is the same for every reader: everything but the reader's state
 * (`ViewerState`), `operation` and `member_actions`, which the service adds (Answer's QuestionInfoResp).
 */
export function presentQuestionShared(q: QuestionRow, tags: Record<string, unknown>[], users: Map<string, UserRow>, firstAnswerId: string, wikiEditors?: number): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    url_title: urlTitle(q.title),
    content: q.original_text,
    html: q.parsed_text,
    description: questionExcerpt(q.parsed_text, 160),
    tags,
    view_count: q.view_count,
    unique_view_count: q.unique_view_count,
    vote_count: q.vote_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    accepted_answer_id: q.accepted_answer_id === '' ? '0' : q.accepted_answer_id,
    last_answer_id: q.last_answer_id === '' ? '0' : q.last_answer_id,
    // Answer's QuestionInfoResp: create_time, update_time (last activity on the post), edit_time (last edit of the
    // question itself). created_at and post_update_time are kept for older readers of this API.
    create_time: q.created_at,
    update_time: q.post_updated_at,
    edit_time: q.updated_at,
    created_at: q.created_at,
    post_update_time: q.post_updated_at,
    status: q.status,
    pin: q.pin,
    show: q.show,
    user_info: presentBasicUser(users.get(q.user_id)),
    update_user_info: q.last_edit_user_id ? presentBasicUser(users.get(q.last_edit_user_id)) : null,
    last_answered_user_info: null,
    first_answer_id: firstAnswerId || '0',
    extends_actions: [],
    // Community wiki (modules/wiki): `wiki`, `wiki_editor_count`.
    ...presentWiki(q.wiki_at, wikiEditors),
    // The open bounty (modules/bounty): `bounty` {amount, started_at, ends_at}, only while there is one.
    ...(q.bounty_amount > 0 ? { bounty: questionBountyField(q) } : {}),
  };
}
