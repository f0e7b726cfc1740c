/** Answers as they leave the server (Answer's answer info shape). */
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { MemberAction } from '../privilege/index.js';
import type { AnswerRow } from './answer.repository.js';

/** One answer (Answer's AnswerInfo); `memberActions` are the viewer's menu actions (PermissionMemberAction). */
export function presentAnswer(a: AnswerRow, users: Map<string, UserRow>, viewer: { vote_status: string; collected: boolean }, memberActions: MemberAction[] = []): Record<string, unknown> {
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
    collected: viewer.collected,
    vote_status: viewer.vote_status,
    vote_count: a.vote_count,
    status: a.status,
    member_actions: memberActions,
  };
}
