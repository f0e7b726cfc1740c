/**
 * Locks and protection of posts (issue #35 items 3 and 4; docs/API.md "Locks and protection"), Quorum's calls
 * (Answer has neither):
 * - a moderator locks a question or an answer for 1 hour, 1 day, 7 days or forever, as a content dispute (no
 *   edits, votes or comments on the post, no new answers to a locked question) or as historical (the same, and a
 *   historical question with all its answers is frozen and left out of the question lists); the end is the
 *   server's clock (a lock past its end is no longer in force); moderators may unlock early;
 * - members with the protect privilege protect a question: answering it then needs reputation earned on the site.
 * Thresholds, windows and counts are the site's `locks` settings section (Stack Exchange's values as defaults).
 */
import { z } from 'zod';

/** The two kinds of lock. */
export const LOCK_KINDS = ['dispute', 'historical'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

/** Lengths a lock may have: one hour, one day, seven days, no end. */
export const LOCK_DURATIONS = ['1h', '1d', '7d', 'forever'] as const;
export type LockDuration = (typeof LOCK_DURATIONS)[number];

/** Seconds of each lock length (0 = no end). */
export const LOCK_DURATION_SECONDS: Record<LockDuration, number> = { '1h': 3600, '1d': 86_400, '7d': 7 * 86_400, forever: 0 };

/** Longest reason a moderator may give, in characters. */
export const LOCK_REASON_MAX = 500;

const objectId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');

/**
 * POST /answer/api/v1/post/lock (moderators): locks a question or an answer. A lock in force on the post is
 * replaced by this one (recorded as lifted by the moderator, both in the timeline).
 */
export const PostLockReq = z.object({
  object_id: objectId,
  kind: z.enum(LOCK_KINDS, { error: 'error.form.is_invalid' }),
  duration: z.enum(LOCK_DURATIONS, { error: 'error.form.is_invalid' }),
  reason: z.string({ error: 'error.form.is_invalid' }).trim().max(LOCK_REASON_MAX, 'error.form.is_invalid').optional().default(''),
});
export type PostLockReq = z.infer<typeof PostLockReq>;

/** DELETE /answer/api/v1/post/lock (moderators): ends the lock in force on a post now (query or JSON body). */
export const PostUnlockReq = z.object({ object_id: objectId });
export type PostUnlockReq = z.infer<typeof PostUnlockReq>;

/**
 * POST and DELETE /answer/api/v1/question/protect (members with the protect privilege, moderators): protects or
 * unprotects a question (query or JSON body).
 */
export const QuestionProtectReq = z.object({ question_id: objectId });
export type QuestionProtectReq = z.infer<typeof QuestionProtectReq>;

/** The numeric fields of the `locks` settings section with their defaults (Stack Exchange's values). */
export const LOCK_SETTING_DEFAULTS = {
  /** Reputation of the protect privilege at the default privilege level (2); scaled with the level. */
  protect_reputation: 15_000,
  /** Reputation a member must have earned on the site to answer a protected question. */
  protected_answer_reputation: 10,
  /** Deleted answers of new members that protect a question automatically (0 = never). */
  auto_protect_deleted_answers: 3,
  /** The window those deletions are counted in, in hours. */
  auto_protect_window_hours: 24,
} as const;
export type LockSettingName = keyof typeof LOCK_SETTING_DEFAULTS;

const count = z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').max(1_000_000, 'error.form.is_invalid');

/** GET and PUT /answer/admin/api/siteinfo/locks: the thresholds of protection (see LOCK_SETTING_DEFAULTS). */
export const SiteLocksReq = z.object({
  protect_reputation: count.refine((v) => v >= 1, 'error.form.is_invalid'),
  protected_answer_reputation: count,
  auto_protect_deleted_answers: count,
  auto_protect_window_hours: count.refine((v) => v >= 1 && v <= 24 * 365, 'error.form.is_invalid'),
});
export type SiteLocksReq = z.infer<typeof SiteLocksReq>;

/** A lock in force as the question and answer info responses carry it (`lock`; absent or null when none). */
export interface PostLockInfo {
  kind: LockKind;
  duration: LockDuration;
  reason: string;
  created_at: number;
  /** Unix seconds; 0 = no end. */
  ends_at: number;
  /** The lock on the question that covers this answer (a historical question), else the post's own. */
  on_question: boolean;
  /** The notice in the reader's language, with the end date in UTC. */
  notice: string;
}

/** The protection of a question as its info response carries it (`protected`; absent or null when none). */
export interface QuestionProtectionInfo {
  created_at: number;
  /** True when the site protected it (deleted answers of new members). */
  auto: boolean;
  /** Reputation earned on the site that answering needs. */
  needs_reputation: number;
  /** The notice in the reader's language. */
  notice: string;
}
