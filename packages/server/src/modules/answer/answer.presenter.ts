/** Answers as they leave the server (Answer's answer info shape). */
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { MemberAction } from '../privilege/index.js';
import type { AnswerRow } from './answer.repository.js';
import { presentWiki } from '../wiki/wiki.presenter.js';

/** One answer (Answer's AnswerInfo); `memberActions` are the viewer's menu actions (PermissionMemberAction). */
export function presentAnswer(a: AnswerRow, users: Map<string, UserRow>, viewer: { vote_status: string; collected: boolean }, memberActions: MemberAction[] = [], wikiEditors?: ReadonlyMap<string, number>): Record<string, unknown> {
  return { ...presentAnswerShared(a, users, wikiEditors), ...presentAnswerOwn(viewer, memberActions) };
}

/**
 * The members of an answer that are the same for every reader (all but those of `presentAnswerOwn`);
 * `wikiEditors` holds the editor counts of the wiki answers among them (modules/wiki).
 */
export function presentAnswerShared(a: AnswerRow, users: Map<string, UserRow>, wikiEditors?: ReadonlyMap<string, number>): Record<string, unknown> {
  return {
    id: a.id,
    question_id: a.question_id,
    content: a.original_text,
    html: a.parsed_text,
    create_time: a.created_at,
    update_time: a.updated_at,
    accepted: a.accepted,
    user_info: presentBasicUser(users.get(a.user_id)),
    update_user_info: a.last_edit_user_id ? presentBasicUser(users.get(a.last_edit_user_id)) : null,
    vote_count: a.vote_count,
    status: a.status,
    ...presentWiki(a.wiki_at, wikiEditors?.get(a.id)),
  };
}

/** The reader's own members of an answer: their vote and bookmark, and their menu actions. */
export function presentAnswerOwn(viewer: { vote_status: string; collected: boolean }, memberActions: MemberAction[]): Record<string, unknown> {
  return { collected: viewer.collected, vote_status: viewer.vote_status, member_actions: memberActions };
}
