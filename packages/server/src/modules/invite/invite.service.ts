/**
 * Invitations to answer a question (spec §7 GET/PUT /question/invite). Inviting needs the 'question.invite'
 * privilege (answer-compat.md "Privilege levels"); the list sent replaces the invited set; newly invited
 * users get an inbox notification (inbox type "invites").
 */
import { PostStatus, type QuestionInviteReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { forbidden, notFound } from '../../core/errors.js';
import { requirePostTarget, type PostTarget } from '../comment/index.js';
import { InboxType, notify } from '../notification/index.js';
import { requirePrivilege } from '../privilege/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './invite.repository.js';

async function requireQuestion(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<PostTarget> {
  const t = await requirePostTarget(ctx, id, viewer);
  if (t.object_type !== 'question') throw notFound('error.question.not_found');
  return t;
}

/** GET /question/invite: basic info of the invited users (Answer's UserBasicInfo list). @throws 404 */
export async function invitedUsers(ctx: AppContext, questionId: string, viewer: UserRow | undefined): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const q = await requireQuestion(ctx, questionId, viewer);
  const ids = await repo.invitedUserIds(db, q.object_id);
  const users = await findUsersByIds(db, ids);
  return ids.filter((id) => users.has(id)).map((id) => presentBasicUser(users.get(id)));
}

/**
 * PUT /question/invite: sets the invited users by username. Unknown names and the inviter are ignored.
 * @throws 403 `error.rank.fail_to_meet_the_condition`; 404 unknown question; 403 `error.question.closed`
 */
export async function setInvites(ctx: AppContext, user: UserRow, input: QuestionInviteReq): Promise<void> {
  await requirePrivilege(ctx, user, 'question.invite');
  const db = requireDb(ctx);
  const q = await requireQuestion(ctx, input.question_id, user);
  if (q.status === PostStatus.closed) throw forbidden('error.question.closed');
  if (q.status !== PostStatus.normal) throw notFound('error.question.not_found');
  const found = new Map((await repo.usersByNames(db, input.invite_user)).map((u) => [u.username, u.id]));
  const wanted = input.invite_user.map((name) => found.get(name)).filter((id): id is string => !!id && id !== user.id);
  const current = await repo.invitedUserIds(db, q.object_id);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  const ids = requireIds(ctx);
  const metaIds: string[] = [];
  for (let i = 0; i < added.length; i++) metaIds.push(await ids.next('meta'));
  const now = nowSeconds();
  await transaction(db, async (tx) => {
    await repo.removeInvites(tx, q.object_id, removed);
    await repo.addInvites(tx, q.object_id, user.id, added, metaIds, now);
  });
  await notify(
    ctx,
    added.map((receiver_id) => ({
      receiver_id,
      type: 'inbox' as const,
      inbox_type: InboxType.invites,
      action: 'invited_you_to_answer',
      trigger_user_id: user.id,
      object_type: 'question',
      object_id: q.object_id,
      question_id: q.object_id,
      title: q.title,
    })),
  );
}
