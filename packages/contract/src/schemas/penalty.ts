/**
 * Penalties of members (issue #34 item 3; docs/API.md "Penalties"): silence (read-only) and suspension (no login),
 * imposed and lifted by administrators under /answer/admin/api, with a history. Quorum's calls; Answer's
 * PUT /admin/api/user/status with `suspend_duration` stays as it was and records its suspensions here too.
 */
import { z } from 'zod';

/** The two kinds of penalty. */
export const PENALTY_KINDS = ['silence', 'suspend'] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/**
 * Lengths the admin dialog offers (1 day, 1 week, 1 month, forever, or a chosen `until`); the calls also take
 * Answer 1.6's `suspend_duration` values (24h 48h 72h 7d 14d 1m 2m 3m 6m 1y forever): `<n>h` hours, `<n>d`
 * days, `<n>m` calendar months, `<n>y` years.
 */
export const PENALTY_DURATIONS = ['1d', '7d', '1m', 'forever', 'date'] as const;

/** Default lengths on repeat: a member's first penalty 1 day, the second 1 week, then 1 month (docs/API.md). */
export const PENALTY_ESCALATION = ['1d', '7d', '1m'] as const;

/** Longest reason shown to the member, in characters. */
export const PENALTY_REASON_MAX = 500;

const userId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');

/**
 * POST /admin/api/user/penalty: silences or suspends a member. `duration` 'date' takes `until` (unix seconds, in
 * the future); `reason` (required) is shown to the member and mailed. A penalty of the same kind in force is
 * replaced (recorded as lifted by this administrator).
 */
export const PenaltyImposeReq = z
  .object({
    user_id: userId,
    kind: z.enum(PENALTY_KINDS, { error: 'error.form.is_invalid' }),
    duration: z.string({ error: 'error.form.cannot_be_empty' }).trim().regex(/^(forever|date|\d{1,3}[hdmy])$/, 'error.form.is_invalid'),
    until: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').nonnegative('error.form.is_invalid').optional(),
    reason: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(PENALTY_REASON_MAX, 'error.form.is_invalid'),
  })
  .superRefine((v, c) => {
    if (v.duration === 'date' && !v.until) c.addIssue({ code: 'custom', path: ['until'], message: 'error.form.cannot_be_empty' });
  });
export type PenaltyImposeReq = z.infer<typeof PenaltyImposeReq>;

/** PUT /admin/api/user/penalty/lift: ends the member's penalty of `kind` in force now. */
export const PenaltyLiftReq = z.object({ user_id: userId, kind: z.enum(PENALTY_KINDS, { error: 'error.form.is_invalid' }) });
export type PenaltyLiftReq = z.infer<typeof PenaltyLiftReq>;

/** GET /admin/api/user/penalties?user_id: a member's penalty history and the default lengths of the next. */
export const PenaltyListQuery = z.object({ user_id: userId });
