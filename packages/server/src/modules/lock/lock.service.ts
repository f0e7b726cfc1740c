/**
 * Locks of questions and answers (issue #35 item 4; docs/API.md "Locks and protection"). A moderator locks a post
 * for 1 hour, 1 day, 7 days or forever:
 * - `dispute` (a content dispute): the post cannot be edited, voted on or commented on, and a locked question
 *   takes no new answers; its answers are not covered;
 * - `historical`: the same, and a historical question covers its answers too (the whole thread is frozen) and is
 *   left out of the question lists (question.repository's filter); it stays readable by its link.
 * The lock stays visible as a notice (the info responses' `lock`). Its end is the server's clock: a lock past its
 * `ends_at` is no longer in force and nothing needs to run. Moderators and administrators are never refused
 * (Stack Exchange lets moderators edit a locked post), and may unlock early. Locking a post that is locked
 * already replaces the lock (the one in force is recorded as lifted by the moderator): the newest lock wins, also
 * when two moderators lock at once. Each lock and unlock is a timeline row ('locked' / 'unlocked', the kind,
 * length and reason in `reason`); the author gets an inbox notification of a lock.
 */
import { randomBytes } from 'node:crypto';
import { LOCK_DURATION_SECONDS, PostStatus, type LockKind, type PostLockInfo, type PostLockReq, type QuestionProtectionInfo } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { objectTypeOf, transaction } from '../../core/db/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { microClear } from '../../core/microcache.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { recordActivity } from '../activity/index.js';
import { requirePostTarget, type PostTarget } from '../comment/index.js';
import { InboxType, notify } from '../notification/index.js';
import { mayProtect, protectionOf, protectionRefusal } from './lock.protect.js';
import * as repo from './lock.repository.js';

/** What a member is doing to a post; every one of them is refused on a locked post. */
export type PostWrite = 'vote' | 'comment' | 'answer' | 'edit';

/** A post and its question, as the write services know them (a question is its own question). */
export interface PostRef {
  objectId: string;
  questionId: string;
}

const newId = () => `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`;

/** A unix time as the notices and refusals print it, the same in every language: `2026-12-03 15:00 UTC`. */
export function utcText(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Which of the locks in force rules `post`: its own newest lock, else (for a comment, `parentId`) any lock of the
 * post it is on, else a historical lock of its question, else (for a new answer) any lock of its question.
 */
function rulingLock(locks: repo.LockRow[], post: PostRef, action?: PostWrite, parentId?: string): { lock: repo.LockRow; onQuestion: boolean } | null {
  const own = locks.find((l) => l.object_id === post.objectId);
  if (own) return { lock: own, onQuestion: post.objectId === post.questionId && action === 'answer' };
  const parent = parentId ? locks.find((l) => l.object_id === parentId) : undefined;
  if (parent) return { lock: parent, onQuestion: parentId === post.questionId };
  const q = locks.find((l) => l.object_id === post.questionId && (l.kind === 'historical' || action === 'answer'));
  return q ? { lock: q, onQuestion: true } : null;
}

/** The lock as the info responses carry it, with its notice in `lang`. */
export function presentLock(l: repo.LockRow, onQuestion: boolean, lang: string): PostLockInfo {
  const ends = Number(l.ends_at);
  const base = `lock.notice.${l.kind}_${ends ? 'until' : 'forever'}`;
  const text = translate(base, lang, ends ? { time: utcText(ends) } : undefined);
  return {
    kind: l.kind as LockKind,
    duration: l.duration as PostLockInfo['duration'],
    reason: l.reason,
    created_at: Number(l.created_at),
    ends_at: ends,
    on_question: onQuestion,
    notice: l.reason ? `${text} ${translate('lock.notice.reason', lang, { reason: l.reason })}` : text,
  };
}

/**
 * The lock in force on each of `posts` (its own, or its question's historical lock), presented in `lang`; posts
 * without one are absent. One query for all of them.
 */
export async function locksOf(ctx: AppContext, posts: readonly PostRef[], lang: string): Promise<Map<string, PostLockInfo>> {
  const out = new Map<string, PostLockInfo>();
  if (!posts.length) return out;
  const locks = await repo.activeLocks(requireDb(ctx), posts.flatMap((p) => [p.objectId, p.questionId]), nowSeconds());
  if (!locks.length) return out;
  for (const p of posts) {
    const r = rulingLock(locks, p);
    if (r) out.set(p.objectId, presentLock(r.lock, r.onQuestion, lang));
  }
  return out;
}

/**
 * The one check the write services call (vote, comment, answer, question and answer edits): 403 when a lock in
 * force covers `post` for `action`, or when answering a protected question needs more reputation earned on the
 * site than the member has (lock.protect.ts). Moderators and administrators pass. A comment (a vote on it) is
 * covered by a lock of the post it is on: a locked post's comments take no votes either (Stack Exchange).
 * @throws 403 `error.post.locked` (data `{type: 'locked', kind, ends_at}` 0 = no end; `msg` says until when) or
 *   403 `error.question.protected` (data `{type: 'protected', needs_reputation, earned_reputation}`)
 */
export async function checkPostOpen(ctx: AppContext, user: UserRow, action: PostWrite, post: PostRef): Promise<void> {
  if (isStaff(user)) return;
  const db = requireDb(ctx);
  const parentId = objectTypeOf(post.objectId) === 'comment' ? await repo.commentParentId(db, post.objectId) : undefined;
  const locks = await repo.activeLocks(db, [post.objectId, post.questionId, parentId ?? ''], nowSeconds());
  const r = rulingLock(locks, post, action, parentId);
  if (r) {
    const ends = Number(r.lock.ends_at);
    const err = new AppError(403, 'error.post.locked', { type: 'locked', kind: r.lock.kind, ends_at: ends });
    throw ends ? err.withMessage('lock.refused_until', { time: utcText(ends) }) : err.withMessage('lock.refused_forever', {});
  }
  if (action === 'answer') {
    const refusal = await protectionRefusal(ctx, user, post.questionId);
    if (refusal) throw refusal;
  }
}

/** A post a moderator may lock or unlock: visible, not deleted, its question not deleted. @throws 403, 404 */
async function lockablePost(ctx: AppContext, user: UserRow, objectId: string): Promise<PostTarget> {
  if (!isStaff(user)) throw forbidden('error.lock.needs_moderator');
  const t = await requirePostTarget(ctx, objectId, user);
  if (t.status === PostStatus.deleted || t.question_status === PostStatus.deleted) throw notFound('error.object.not_found');
  return t;
}

/** The timeline text of a lock: its kind and length (and the reason), in the language of the other moderation rows. */
function timelineReason(kind: string, duration: string, reason: string): string {
  return [`${translate(`lock.kind.${kind}`, 'en_US')}, ${translate(`lock.duration.${duration}`, 'en_US')}`, reason].filter(Boolean).join(': ');
}

/**
 * POST /post/lock: locks a question or an answer (see the file header). One transaction: the lock in force (if
 * any) lifted, the new row, the 'locked' timeline row; then the author's notification.
 * @returns the lock as the info responses carry it
 * @throws 403 `error.lock.needs_moderator`; 404 unknown, invisible or deleted post (or its question deleted)
 */
export async function lockPost(ctx: AppContext, user: UserRow, input: PostLockReq, lang: string): Promise<PostLockInfo> {
  const t = await lockablePost(ctx, user, input.object_id);
  const db = requireDb(ctx);
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const seconds = LOCK_DURATION_SECONDS[input.duration];
  const row: repo.LockRow = {
    id: newId(),
    object_id: t.object_id,
    question_id: t.question_id,
    kind: input.kind,
    duration: input.duration,
    reason: input.reason,
    created_by: user.id,
    created_at: now,
    ends_at: seconds ? now + seconds : 0,
    lifted_at: 0,
    lifted_by: '',
  };
  await transaction(db, async (tx) => {
    const current = await repo.activeLocks(tx, [t.object_id], now);
    await repo.liftLocks(tx, current.map((l) => l.id), user.id, now);
    await repo.insertLock(tx, row);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: t.object_id, originalObjectId: t.question_id, activityType: 'locked', reason: timelineReason(input.kind, input.duration, input.reason), now });
  });
  microClear();
  await notify(ctx, [
    {
      receiver_id: t.user_id,
      trigger_user_id: user.id,
      type: 'inbox',
      inbox_type: InboxType.messages,
      action: 'post_locked',
      object_type: t.object_type,
      object_id: t.object_id,
      title: t.title,
      question_id: t.question_id,
      ...(t.answer_id ? { answer_id: t.answer_id } : {}),
    },
  ]);
  return presentLock(row, false, lang);
}

/**
 * DELETE /post/lock: ends the lock in force on a post now (a 'unlocked' timeline row).
 * @throws 403 `error.lock.needs_moderator`; 404 as lockPost; 400 `error.lock.not_locked` when no lock is in force
 */
export async function unlockPost(ctx: AppContext, user: UserRow, objectId: string): Promise<void> {
  const t = await lockablePost(ctx, user, objectId);
  const db = requireDb(ctx);
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const lifted = await transaction(db, async (tx) => {
    const current = await repo.activeLocks(tx, [t.object_id], now);
    const n = await repo.liftLocks(tx, current.map((l) => l.id), user.id, now);
    if (n) await recordActivity(tx, { id: activityId, userId: user.id, objectId: t.object_id, originalObjectId: t.question_id, activityType: 'unlocked', now });
    return n;
  });
  if (!lifted) throw badRequest('error.lock.not_locked');
  microClear();
}

/**
 * The question info response's additions: `lock` (the question's lock in force, or null), `protected` (its
 * protection, or null), texts in `lang`, and `can_protect` (whether `viewer` may protect and unprotect it:
 * moderators and members with the protect privilege; false for visitors). Two small indexed queries, read on
 * every request (never kept: a lock ends by the clock).
 */
export async function questionCuration(ctx: AppContext, questionId: string, lang: string, viewer?: UserRow): Promise<{ lock: PostLockInfo | null; protected: QuestionProtectionInfo | null; can_protect: boolean }> {
  const [locks, protection, canProtect] = await Promise.all([locksOf(ctx, [{ objectId: questionId, questionId }], lang), protectionOf(ctx, questionId, lang), mayProtect(ctx, viewer)]);
  return { lock: locks.get(questionId) ?? null, protected: protection, can_protect: canProtect };
}
