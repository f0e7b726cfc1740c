/** Comments as they leave the server (Answer's GetCommentResp). */
import { translate } from '../../core/i18n.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { CommentRow } from './comment.repository.js';

/** Whether `viewer` may edit and delete the comment: its author or a moderator/admin. */
export function canManageComment(c: Pick<CommentRow, 'user_id'>, viewer: UserRow | undefined): boolean {
  return !!viewer && (viewer.id === c.user_id || isStaff(viewer));
}

/** Edit/delete entries of `member_actions` (Answer's PermissionMemberAction), names translated. */
export function commentActions(c: CommentRow, viewer: UserRow | undefined, lang: string): Record<string, string>[] {
  if (!canManageComment(c, viewer)) return [];
  return [
    { action: 'edit', name: translate('comment_actions.edit', lang), type: 'edit' },
    { action: 'delete', name: translate('comment_actions.delete', lang), type: 'reason' },
  ];
}

/**
 * One comment with its author and the author it replies to.
 * @param voted whether the viewer has up-voted it
 */
export function presentComment(c: CommentRow, users: ReadonlyMap<string, UserRow>, voted: boolean, viewer: UserRow | undefined, lang: string): Record<string, unknown> {
  const a = presentBasicUser(users.get(c.user_id));
  const r = c.reply_user_id ? presentBasicUser(users.get(c.reply_user_id)) : undefined;
  return {
    comment_id: c.id,
    status: c.status,
    created_at: c.created_at,
    object_id: c.object_id,
    vote_count: c.vote_count,
    is_vote: voted,
    original_text: c.original_text,
    parsed_text: c.parsed_text,
    user_id: c.user_id,
    username: a.username,
    user_display_name: a.display_name,
    user_avatar: a.avatar,
    user_status: a.status,
    reply_user_id: c.reply_user_id,
    reply_username: r?.username ?? '',
    reply_user_display_name: r?.display_name ?? '',
    reply_comment_id: c.reply_comment_id,
    reply_user_status: r?.status ?? '',
    member_actions: commentActions(c, viewer, lang),
  };
}
