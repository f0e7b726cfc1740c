/**
 * Bounties (issue #35 item 1; docs/API.md "Bounties"), Quorum's calls: a member offers reputation on a question,
 * the offerer awards it to an answer, or half of it goes automatically to the best new answer after the grace
 * period. Thresholds and durations are site settings (PUT /admin/api/siteinfo/bounty) with Stack Exchange's values
 * as defaults. Answer has no bounties (its issue #793); its calls and shapes are unchanged: the question's info and
 * list items only gain a field when a bounty is open.
 */
import { z } from 'zod';

/** Site settings of bounties (section `site_bounty`), with their defaults. */
export const BOUNTY_DEFAULTS = {
  /** Least reputation to offer a bounty. */
  min_reputation: 75,
  /** Least age of the question, in days (0: any question). */
  min_question_age_days: 2,
  /** Smallest and largest amount, and the step between amounts offered. */
  min_amount: 50,
  max_amount: 500,
  amount_step: 50,
  /** How long a bounty runs, in days, then the grace period in hours when the offerer may still award it. */
  duration_days: 7,
  grace_hours: 24,
  /** Most bounties one member may have open at once. */
  max_open_per_member: 3,
  /** Least score of an answer that receives half the bounty when the offerer did not award it. */
  auto_award_min_score: 2,
} as const;
export type BountySettings = { -readonly [K in keyof typeof BOUNTY_DEFAULTS]: number };

/** Longest reason, in characters. */
export const BOUNTY_REASON_MAX = 300;

/** States of a bounty: running (or in grace), awarded by the offerer or automatically, or ended with nobody awarded. */
export const BOUNTY_STATUSES = ['open', 'awarded', 'auto_awarded', 'expired'] as const;
export type BountyStatus = (typeof BOUNTY_STATUSES)[number];

const id = (field = 'error.form.cannot_be_empty') => z.coerce.string({ error: field }).trim().min(1, field).max(32, 'error.form.is_invalid');
const whole = (max: number) => z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').max(max, 'error.form.is_invalid');

/** POST /answer/api/v1/question/bounty: offers `amount` reputation on a question, with an optional reason. */
export const BountyStartReq = z.object({
  question_id: id(),
  amount: z.coerce.number({ error: 'error.bounty.amount_invalid' }).int('error.bounty.amount_invalid'),
  reason: z.string({ error: 'error.form.is_invalid' }).trim().max(BOUNTY_REASON_MAX, 'error.bounty.reason_too_long').optional().default(''),
});
export type BountyStartReq = z.infer<typeof BountyStartReq>;

/** POST /answer/api/v1/question/bounty/award: the offerer awards the open bounty (by id, or the question's) to an answer. */
export const BountyAwardReq = z
  .object({ bounty_id: id().optional(), question_id: id().optional(), answer_id: id() })
  .refine((v) => !!(v.bounty_id || v.question_id), { path: ['bounty_id'], message: 'error.form.cannot_be_empty' });
export type BountyAwardReq = z.infer<typeof BountyAwardReq>;

/** GET /answer/api/v1/question/bounty?question_id=: the question's open bounty and what the reader may do. */
export const BountyQuery = z.object({ question_id: id() });
export type BountyQuery = z.infer<typeof BountyQuery>;

/** PUT /admin/api/siteinfo/bounty: every field optional; a field left out keeps its stored value. */
export const SiteBountyReq = z.object({
  min_reputation: whole(1_000_000).optional(),
  min_question_age_days: whole(365).optional(),
  min_amount: whole(100_000).optional(),
  max_amount: whole(100_000).optional(),
  amount_step: whole(100_000).min(1, 'error.form.is_invalid').optional(),
  duration_days: whole(365).min(1, 'error.form.is_invalid').optional(),
  grace_hours: whole(24 * 30).optional(),
  max_open_per_member: whole(1000).min(1, 'error.form.is_invalid').optional(),
  auto_award_min_score: whole(1_000_000).optional(),
});
export type SiteBountyReq = z.infer<typeof SiteBountyReq>;

/** The amounts a bounty may have under `s`: min_amount to max_amount in steps of amount_step. */
export function bountyAmounts(s: Pick<BountySettings, 'min_amount' | 'max_amount' | 'amount_step'>): number[] {
  const out: number[] = [];
  const step = Math.max(1, s.amount_step);
  for (let a = Math.max(1, s.min_amount); a <= s.max_amount && out.length < 1000; a += step) out.push(a);
  return out;
}

/** A bounty as the calls answer it. Times in unix seconds; `grace_ends_at` is when an unawarded bounty settles. */
export interface BountyInfo {
  id: string;
  question_id: string;
  amount: number;
  reason: string;
  status: BountyStatus;
  created_at: number;
  ends_at: number;
  grace_ends_at: number;
  user: { id: string; username: string; display_name: string; avatar: string };
  awarded_answer_id: string;
  awarded_amount: number;
  awarded_at: number;
}

/** GET /question/bounty: the open bounty (or null), whether the reader may start one (and why not), the amounts. */
export interface BountyState {
  bounty: BountyInfo | null;
  /** The reader is the offerer of the open bounty and may award it now. */
  can_award: boolean;
  can_start: boolean;
  /** Why the reader may not start one ('' when they may, or are not logged in): an error key. */
  start_refusal: string;
  /** That refusal's text in the reader's language ('' when none). */
  start_refusal_msg: string;
  amounts: number[];
  min_reputation: number;
  /** The site's rules the start dialog explains (settings `site_bounty`): days a bounty runs, hours of grace after
   * it to award it, least score of the answer that receives half when the offerer awards nobody. */
  duration_days: number;
  grace_hours: number;
  auto_award_min_score: number;
}

/** The `bounty` field of GET /question/info and the `bounty_amount` of list and search items, while one is open. */
export interface QuestionBountyField {
  amount: number;
  started_at: number;
  ends_at: number;
}
