/**
 * Who may do what to a post. Check order (answer-compat.md "Privilege levels"): admin/moderator role, then
 * owner, then reputation threshold. Delete, close, reopen, pin, unlist and undelete are never granted by
 * reputation; accepting is the question owner's or a moderator's.
 */
import { PostStatus, PinState, ShowState, Role } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { currentThresholds, hasPrivilege, PRIVILEGE_ACTIONS, type PrivilegeAction } from './privilege.js';

/** What a user record must carry for permission checks. */
export interface Actor {
  id: string;
  role_id: number;
  rank: number;
}

export type PostKind = 'question' | 'answer';

/** How an edit of a post by `user` is handled: applied at once, queued for review, or refused. */
export type EditMode = 'direct' | 'review' | 'denied';

/** True for administrators and moderators. */
export function isModerator(user: Actor | undefined): boolean {
  return !!user && (user.role_id === Role.admin || user.role_id === Role.moderator);
}

/**
 * 403 `error.rank.fail_to_meet_the_condition` (the reason Answer's clients test), with the reputation needed
 * and held in `data.required_rank` / `data.rank`, and a `msg` that says both and how reputation is earned
 * (`error.rank.needs`).
 */
export function rankTooLow(required?: number, rank?: number): AppError {
  if (required === undefined) return new AppError(403, 'error.rank.fail_to_meet_the_condition');
  const have = Math.max(0, rank ?? 0);
  return new AppError(403, 'error.rank.fail_to_meet_the_condition', { required_rank: required, rank: have }).withMessage('error.rank.needs', { required, rank: have });
}

/** Throws rankTooLow (threshold and the user's reputation) when the user lacks a reputation privilege; moderators always pass. */
export async function requirePrivilege(ctx: AppContext, user: Pick<Actor, 'role_id' | 'rank'>, action: PrivilegeAction): Promise<void> {
  if (isModerator(user as Actor)) return;
  const t = await currentThresholds(ctx);
  if (user.rank < t[action]) throw rankTooLow(t[action], user.rank);
}

/** The refusal text of a reputation privilege: the threshold, the user's reputation and how to earn it. */
function rankTip(required: number, rank: number, lang: string): string {
  return translate('error.rank.needs', lang, { required, rank: Math.max(0, rank) });
}

/**
 * Edit mode of a post: moderators and the owner edit directly; others need `<kind>.edit` (the edit goes to
 * review) or `<kind>.edit_without_review` (applied at once); a community wiki post (`wiki`) is edited directly
 * with `wiki.edit` (modules/wiki).
 */
export async function editMode(ctx: AppContext, user: Actor, kind: PostKind, ownerId: string, wiki = false): Promise<EditMode> {
  if (isModerator(user) || user.id === ownerId) return 'direct';
  const t = await currentThresholds(ctx);
  if (wiki && user.rank >= t['wiki.edit']) return 'direct';
  if (user.rank >= t[`${kind}.edit_without_review`]) return 'direct';
  if (user.rank >= t[`${kind}.edit`]) return 'review';
  return 'denied';
}

/** Whether a user may review suggested edits of a kind of post (moderators, or the audit privilege). */
export async function canAudit(ctx: AppContext, user: Actor, kind: PostKind): Promise<boolean> {
  return hasPrivilege(ctx, user, `${kind}.audit`);
}

/**
 * Permission names of GET /permission answered by role only (moderators and admins). Answer's names for the
 * undelete permissions (`*.undeleted`, internal/service/permission) are answered like ours.
 */
const MODERATOR_ONLY = new Set([
  'question.delete', 'question.close', 'question.reopen', 'question.pin', 'question.unpin', 'question.hide', 'question.show',
  'answer.delete', 'answer.accept', 'comment.edit', 'comment.delete', 'tag.edit_slug_name', 'tag.delete',
  'vote.detail', 'tag.use_reserved_tag', 'question.undelete', 'answer.undelete', 'question.undeleted', 'answer.undeleted', 'tag.undeleted',
]);
/** Names nobody is granted here: comments take up votes only (vote.service), and `admin.access` is the admin role's. */
const NEVER_FOR_MODERATORS = new Set(['comment.vote_down', 'admin.access']);
const ALIASES: Record<string, PrivilegeAction> = { 'answer.invite_someone_to_answer': 'question.invite' };

/** One entry of GET /permission (Answer's schema.GetPermissionResp): the tip is empty when permitted. */
export interface PermissionEntry {
  has_permission: boolean;
  no_permission_tip: string;
}

function allowed(user: Actor | undefined, t: Record<PrivilegeAction, number> | undefined, action: string): boolean {
  if (!user || !t) return false;
  if (action === 'admin.access') return user.role_id === Role.admin;
  if (NEVER_FOR_MODERATORS.has(action)) return false;
  const key = ALIASES[action] ?? action;
  const known = MODERATOR_ONLY.has(action) || (PRIVILEGE_ACTIONS as readonly string[]).includes(key);
  if (!known) return false;
  if (isModerator(user)) return true;
  if (MODERATOR_ONLY.has(action)) return false;
  return user.rank >= t[key as PrivilegeAction];
}

/**
 * GET /permission: each asked action -> whether the user may do it in general (no particular post), in Answer's
 * shape `{<action>: {has_permission, no_permission_tip}}` (internal/controller/permission_controller.go); the tip
 * is empty when permitted; for a reputation privilege it says the threshold, the user's reputation and how to earn
 * it (`error.rank.needs`), for anything else it is the general refusal (`error.rank.fail_to_meet_the_condition`).
 * Anonymous visitors are refused everything; unknown names are refused.
 * @param lang language of the tips
 */
export async function permissionMap(ctx: AppContext, user: Actor | undefined, actions: string[], lang: string): Promise<Record<string, PermissionEntry>> {
  const out: Record<string, PermissionEntry> = {};
  const t = user ? await currentThresholds(ctx) : undefined;
  for (const action of actions) {
    const has = allowed(user, t, action);
    const key = ALIASES[action] ?? action;
    const byRank = !has && user && t && !MODERATOR_ONLY.has(action) && key in t ? t[key as PrivilegeAction] : undefined;
    const tip = byRank !== undefined ? rankTip(byRank, user!.rank, lang) : translate('error.rank.fail_to_meet_the_condition', lang);
    out[action] = { has_permission: has, no_permission_tip: has ? '' : tip };
  }
  return out;
}

/** One of Answer's PermissionMemberAction entries: what the viewer may do to a post from its menu. */
export interface MemberAction {
  action: string;
  name: string;
  type: 'reason' | 'edit' | 'confirm';
}

function act(action: string, type: MemberAction['type'], lang: string): MemberAction {
  return { action, name: translate(`post_action.${action}`, lang), type };
}

/** Menu actions of a question for a viewer (report, edit, close/reopen, pin/unpin, hide/show, delete/undelete). */
export async function questionMemberActions(
  ctx: AppContext,
  lang: string,
  viewer: Actor | undefined,
  q: { user_id: string; status: number; pin: number; show: number; wiki_at?: number },
): Promise<MemberAction[]> {
  if (!viewer) return [];
  const mod = isModerator(viewer);
  const out: MemberAction[] = [act('report', 'reason', lang)];
  if (q.status !== PostStatus.deleted && (await editMode(ctx, viewer, 'question', q.user_id, !!q.wiki_at)) !== 'denied') out.push(act('edit', 'edit', lang));
  if (mod && q.status === PostStatus.normal) out.push(act('close', 'confirm', lang));
  if (mod && q.status === PostStatus.closed) out.push(act('reopen', 'confirm', lang));
  if (mod && q.status !== PostStatus.deleted) {
    out.push(act(q.pin === PinState.pinned ? 'unpin' : 'pin', 'confirm', lang));
    out.push(act(q.show === ShowState.unlisted ? 'show' : 'hide', 'confirm', lang));
  }
  if (q.status !== PostStatus.deleted && (mod || viewer.id === q.user_id)) out.push(act('delete', 'confirm', lang));
  if (mod && q.status === PostStatus.deleted) out.push(act('undelete', 'confirm', lang));
  return out;
}

/** Menu actions of an answer for a viewer (report, edit, delete/undelete). */
export async function answerMemberActions(ctx: AppContext, lang: string, viewer: Actor | undefined, a: { user_id: string; status: number; wiki_at?: number }): Promise<MemberAction[]> {
  if (!viewer) return [];
  const mod = isModerator(viewer);
  const out: MemberAction[] = [act('report', 'reason', lang)];
  if (a.status !== PostStatus.deleted && (await editMode(ctx, viewer, 'answer', a.user_id, !!a.wiki_at)) !== 'denied') out.push(act('edit', 'edit', lang));
  if (a.status !== PostStatus.deleted && (mod || viewer.id === a.user_id)) out.push(act('delete', 'confirm', lang));
  if (mod && a.status === PostStatus.deleted) out.push(act('undelete', 'confirm', lang));
  return out;
}
