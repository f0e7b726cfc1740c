/**
 * Protected questions (issue #35 item 3; docs/API.md "Locks and protection"). On a protected question answering
 * needs `protected_answer_reputation` (default 10) reputation earned on the site. Earned reputation is the
 * member's reputation less what every account gets without doing anything: the starting reputation (1, the
 * floor new accounts get) and the bonus of an activated e-mail (the `email.activated` reputation rule, +1 by
 * default, counted once the address is activated). Moderators and administrators are never refused.
 * Members with the protect privilege protect and unprotect a question: `protect_reputation` (default 15,000) at
 * the default privilege level, scaled as modules/privilege scales its higher privileges (level 1: 1, level 2:
 * the setting, level 3: twice; the custom level uses the setting); moderators always may.
 * The site protects a question by itself when `auto_protect_deleted_answers` (3) answers of new members (below
 * the spam section's `new_member_reputation`) were deleted on it within `auto_protect_window_hours` (24): the
 * answer delete calls `protectAfterAnswerDeleted`. Protecting and unprotecting are timeline rows ('protected',
 * 'unprotected'); the question's author gets an inbox notification of a protection.
 */
import { randomBytes } from 'node:crypto';
import { MailStatus, PostStatus, type QuestionProtectionInfo } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { AppError, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { microClear } from '../../core/microcache.js';
import { isStaff, isSuspended, type UserRow } from '../../core/auth/index.js';
import { rankConfig, recordActivity } from '../activity/index.js';
import { InboxType, notify } from '../notification/index.js';
import { getConfigValue, rankTooLow } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import { spamSettings } from '../spam/index.js';
import { LOCK_SETTING_DEFAULTS, type SiteLocksReq } from '@quorum/contract';
import * as repo from './lock.repository.js';

const newId = () => `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`;

/** The `locks` settings section with defaults for anything stored that is not a whole non-negative number. */
export async function lockSettings(ctx: AppContext): Promise<SiteLocksReq> {
  const stored = ((await getSettings(ctx)) as { site_locks?: Partial<SiteLocksReq> }).site_locks ?? {};
  const out = { ...LOCK_SETTING_DEFAULTS } as SiteLocksReq;
  for (const k of Object.keys(LOCK_SETTING_DEFAULTS) as (keyof SiteLocksReq)[]) {
    const v = stored[k];
    if (Number.isInteger(v) && (v as number) >= 0) out[k] = v as number;
  }
  return out;
}

/** The reputation the protect privilege needs at the site's privilege level (see the file header). */
export async function protectThreshold(ctx: AppContext): Promise<number> {
  const base = (await lockSettings(ctx)).protect_reputation;
  const level = Number((await getConfigValue(requireDb(ctx), 'privilege.level')) ?? 2);
  if (level === 1) return 1;
  if (level === 3) return base * 2;
  return base;
}

/** Reputation `user` earned on the site: their reputation less the starting reputation and the e-mail bonus. */
export async function earnedReputation(ctx: AppContext, user: Pick<UserRow, 'rank' | 'mail_status'>): Promise<number> {
  const bonus = user.mail_status === MailStatus.activated ? (await rankConfig(requireDb(ctx))).deltas['email.activated'] : 0;
  return Math.max(0, Number(user.rank) - 1 - bonus);
}

/** The protection of a question as its info response carries it, with the notice in `lang`. */
export function presentProtection(p: repo.ProtectionRow, needs: number, lang: string): QuestionProtectionInfo {
  return { created_at: Number(p.created_at), auto: Number(p.auto) === 1, needs_reputation: needs, notice: translate('protect.notice', lang, { count: needs }) };
}

/** The protection in force on a question, presented in `lang`, or null. */
export async function protectionOf(ctx: AppContext, questionId: string, lang: string): Promise<QuestionProtectionInfo | null> {
  const [p] = await repo.activeProtections(requireDb(ctx), [questionId]);
  return p ? presentProtection(p, (await lockSettings(ctx)).protected_answer_reputation, lang) : null;
}

/**
 * The refusal of an answer to a protected question by a member without enough earned reputation, or null.
 * @returns 403 `error.question.protected` (data `{type: 'protected', needs_reputation, earned_reputation}`)
 */
export async function protectionRefusal(ctx: AppContext, user: UserRow, questionId: string): Promise<AppError | null> {
  if (isStaff(user)) return null;
  const [p] = await repo.activeProtections(requireDb(ctx), [questionId]);
  if (!p) return null;
  const needs = (await lockSettings(ctx)).protected_answer_reputation;
  const earned = await earnedReputation(ctx, user);
  if (earned >= needs) return null;
  return new AppError(403, 'error.question.protected', { type: 'protected', needs_reputation: needs, earned_reputation: earned }).withMessage('protect.refused', { count: needs });
}

/** A question that can be protected: exists, visible, not deleted. @throws 404 */
async function protectableQuestion(ctx: AppContext, questionId: string): Promise<{ id: string; user_id: string; title: string }> {
  const q = await repo.questionBrief(requireDb(ctx), questionId);
  if (!q || q.status === PostStatus.deleted || q.status === PostStatus.pending) throw notFound('error.question.not_found');
  return q;
}

/**
 * Whether `user` may protect and unprotect questions: staff, or a member with the protect privilege
 * (`protectThreshold`). The question info's `can_protect` and the calls' own check both come from here; for the
 * info, a visitor, a member whose e-mail is not activated or a suspended one may not (the calls refuse them
 * before this check, requireActiveUser).
 */
export async function mayProtect(ctx: AppContext, user: UserRow | undefined): Promise<boolean> {
  if (!user || Number(user.mail_status) !== MailStatus.activated || isSuspended(user)) return false;
  return isStaff(user) || Number(user.rank) >= (await protectThreshold(ctx));
}

/** 403 rankTooLow unless `user` is staff or has the protect privilege. */
async function requireProtectPrivilege(ctx: AppContext, user: UserRow): Promise<void> {
  if (await mayProtect(ctx, user)) return;
  throw rankTooLow(await protectThreshold(ctx), Number(user.rank));
}

/** Writes a protection with its timeline row in one transaction; then the author's notification. */
async function writeProtection(ctx: AppContext, q: { id: string; user_id: string; title: string }, actorId: string, auto: boolean, reason: string): Promise<boolean> {
  const db = requireDb(ctx);
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const done = await transaction(db, async (tx) => {
    if ((await repo.activeProtections(tx, [q.id])).length) return false;
    await repo.insertProtection(tx, { id: newId(), question_id: q.id, auto: auto ? 1 : 0, created_by: actorId, created_at: now });
    await recordActivity(tx, { id: activityId, userId: actorId, objectId: q.id, originalObjectId: q.id, activityType: 'protected', reason, now });
    return true;
  });
  if (!done) return false;
  microClear();
  await notify(ctx, [{ receiver_id: q.user_id, trigger_user_id: actorId, type: 'inbox', inbox_type: InboxType.messages, action: 'question_protected', object_type: 'question', object_id: q.id, title: q.title, question_id: q.id }]);
  return true;
}

/**
 * POST /question/protect: protects a question (a protected question stays as it is: no second row).
 * @returns the protection in force
 * @throws 403 rank too low; 404 unknown, pending or deleted question
 */
export async function protectQuestion(ctx: AppContext, user: UserRow, questionId: string, lang: string): Promise<QuestionProtectionInfo> {
  await requireProtectPrivilege(ctx, user);
  const q = await protectableQuestion(ctx, questionId);
  await writeProtection(ctx, q, user.id, false, '');
  return (await protectionOf(ctx, q.id, lang))!;
}

/**
 * DELETE /question/protect: removes the protection in force (an 'unprotected' timeline row); a question not
 * protected stays as it is.
 * @returns whether a protection was removed
 * @throws 403 rank too low; 404 as protectQuestion
 */
export async function unprotectQuestion(ctx: AppContext, user: UserRow, questionId: string): Promise<boolean> {
  await requireProtectPrivilege(ctx, user);
  const q = await protectableQuestion(ctx, questionId);
  const activityId = await requireIds(ctx).next('activity');
  const now = nowSeconds();
  const n = await transaction(requireDb(ctx), async (tx) => {
    const lifted = await repo.liftProtections(tx, q.id, user.id, now);
    if (lifted) await recordActivity(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: 'unprotected', now });
    return lifted;
  });
  if (n) microClear();
  return n > 0;
}

/**
 * Called by the answer delete once it committed: protects the question when enough answers of new members were
 * deleted on it within the window (see the file header). The row's actor is the member who deleted the last one.
 * Never throws (a failure is logged: the delete has happened).
 * @returns whether the question became protected now
 */
export async function protectAfterAnswerDeleted(ctx: AppContext, questionId: string, actorId: string): Promise<boolean> {
  try {
    const s = await lockSettings(ctx);
    if (!s.auto_protect_deleted_answers) return false;
    const db = requireDb(ctx);
    if ((await repo.activeProtections(db, [questionId])).length) return false;
    const newMember = (await spamSettings(ctx)).new_member_reputation;
    const since = nowSeconds() - s.auto_protect_window_hours * 3600;
    const n = await repo.countDeletedNewMemberAnswers(db, questionId, since, newMember, PostStatus.deleted);
    if (n < s.auto_protect_deleted_answers) return false;
    const q = await repo.questionBrief(db, questionId);
    if (!q || q.status === PostStatus.deleted) return false;
    const reason = translate('protect.auto_reason', 'en_US', { count: n, hours: s.auto_protect_window_hours });
    return await writeProtection(ctx, q, actorId, true, reason);
  } catch (err) {
    ctx.log.error({ err }, 'automatic protection failed');
    return false;
  }
}
