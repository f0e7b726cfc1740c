/**
 * Silence and suspension of members, with history (issue #34 item 3; docs/API.md "Penalties"). An administrator
 * silences (read-only: core/auth/penalty.ts refuses every write but the member's own lists) or suspends (no login:
 * core/auth/suspension.ts) a member for 1 day, 1 week, 1 month, until a chosen date or forever, with a reason the
 * member is shown and sent by e-mail. Each penalty is a row of `user_penalties`; the one in force is also on the
 * users row (`silenced_until`, `status` 9 + `suspended_until`) so that the guards read it with the session's user
 * and the session caches see it at once (their coherence covers `users`). A penalty past its end no longer
 * applies without any job running (the guards compare the end with the clock) and its history entry reads
 * `ended`; an administrator may lift one early (`lifted`, when and by whom).
 * Default lengths escalate with the member's earlier penalties: PENALTY_ESCALATION (1 day, 1 week, then 1 month).
 */
import { randomBytes } from 'node:crypto';
import { PENALTY_ESCALATION, UserStatus, type PenaltyImposeReq, type PenaltyKind } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { badRequest, fieldError } from '../../core/errors.js';
import { isSilenced, isSuspended, type UserRow } from '../../core/auth/index.js';
import { recordAdminAction } from '../audit/index.js';
import { getUser } from '../user/index.js';
import { composePenaltyMail, queuePenaltyMail } from './penalty.mail.js';
import * as repo from './penalty.repository.js';

/** Where a penalty stands: in force, over at its end, or lifted early by an administrator. */
export type PenaltyState = 'active' | 'ended' | 'lifted';

/**
 * The end of a penalty imposed at `now` (unix seconds; 0 = forever). `duration`: 'forever'; 'date' with `until`;
 * `<n>h` hours, `<n>d` days, `<n>m` calendar months, `<n>y` years (Answer 1.6's `suspend_duration` values among them).
 * @throws 400 field error on `until` (`error.penalty.until_past`) for a chosen date not in the future, on
 *   `duration` (`error.form.is_invalid`) for anything else
 */
export function penaltyEnd(duration: string, until: number | undefined, now: number): number {
  if (duration === 'forever') return 0;
  if (duration === 'date') {
    if (!until || until <= now) throw fieldError('until', 'error.penalty.until_past');
    return until;
  }
  const m = /^(\d{1,3})([hdmy])$/.exec(duration);
  const n = m ? Number(m[1]) : 0;
  if (!m || n < 1) throw fieldError('duration', 'error.form.is_invalid');
  if (m[2] === 'h') return now + n * 3600;
  if (m[2] === 'd') return now + n * 86_400;
  const d = new Date(now * 1000);
  if (m[2] === 'm') d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return Math.floor(d.getTime() / 1000);
}

/** The state of a history row at `now`. */
export function penaltyState(row: repo.PenaltyRow, now: number): PenaltyState {
  if (Number(row.lifted_at) > 0) return 'lifted';
  if (Number(row.ends_at) > 0 && Number(row.ends_at) <= now) return 'ended';
  return 'active';
}

/** The default length of a member's next penalty: PENALTY_ESCALATION by how many they had before. */
export async function nextDuration(ctx: AppContext, userId: string): Promise<string> {
  const n = await repo.countPenalties(requireDb(ctx), userId);
  return PENALTY_ESCALATION[Math.min(n, PENALTY_ESCALATION.length - 1)]!;
}

const newId = () => `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`;

/**
 * Records a penalty and puts it in force: any penalty of the same kind in force is lifted by `admin` (replaced),
 * the users row is set, and the e-mail queued, in one transaction; then the admin audit entry.
 * @param endsAt unix seconds, 0 = forever
 * @param audit false when the caller records its own admin action (PUT /admin/api/user/status)
 * @returns the new penalty's id
 */
export async function recordPenalty(ctx: AppContext, admin: UserRow, user: UserRow, p: { kind: PenaltyKind; duration: string; endsAt: number; reason: string }, audit = true): Promise<string> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const id = newId();
  const mail = await composePenaltyMail(ctx, user, p.kind, p.endsAt, p.reason);
  await transaction(db, async (tx) => {
    const replaced = await repo.activePenalties(tx, user.id, p.kind, now);
    await repo.markLifted(tx, replaced.map((r) => r.id), admin.id, now);
    await repo.insertPenalty(tx, { id, user_id: user.id, kind: p.kind, duration: p.duration, reason: p.reason, created_by: admin.id, created_at: now, ends_at: p.endsAt });
    if (p.kind === 'silence') await repo.setSilencedUntil(tx, user.id, p.endsAt);
    else await repo.setSuspension(tx, user.id, p.endsAt, now);
    await queuePenaltyMail(ctx, tx, mail, id);
  });
  if (audit) await recordAdminAction(ctx, admin, { action: `user.${p.kind}`, targetType: 'user', targetId: user.id, changes: { penalty_id: id, duration: p.duration, ends_at: p.endsAt, reason: p.reason } });
  return id;
}

/**
 * POST /admin/api/user/penalty: silences or suspends a member (never oneself, never a deleted account).
 * @throws 400 `error.admin.cannot_operate_self`, 404 `error.user.not_found`, 400 field errors (penaltyEnd)
 */
export async function imposePenalty(ctx: AppContext, admin: UserRow, input: PenaltyImposeReq): Promise<string> {
  if (admin.id === input.user_id) throw badRequest('error.admin.cannot_operate_self');
  const user = await getUser(ctx, input.user_id);
  if (user.status === UserStatus.deleted) throw badRequest('error.user.not_found');
  const endsAt = penaltyEnd(input.duration, input.until, nowSeconds());
  return recordPenalty(ctx, admin, user, { kind: input.kind, duration: input.duration, endsAt, reason: input.reason });
}

/**
 * Ends a member's penalty of `kind` now: rows in force are marked lifted by `admin`, the users row cleared
 * (a suspension only while the account is suspended). Without a penalty in force it changes nothing.
 * @param audit false when the caller records its own admin action (PUT /user/status back to normal)
 * @returns how many penalties were lifted
 */
export async function liftPenalty(ctx: AppContext, admin: UserRow, userId: string, kind: PenaltyKind, audit = true): Promise<number> {
  if (admin.id === userId) throw badRequest('error.admin.cannot_operate_self');
  const user = await getUser(ctx, userId);
  const db = requireDb(ctx);
  const now = nowSeconds();
  const active = await repo.activePenalties(db, user.id, kind, now);
  await transaction(db, async (tx) => {
    await repo.markLifted(tx, active.map((r) => r.id), admin.id, now);
    if (kind === 'silence' && user.silenced_until !== null) await repo.setSilencedUntil(tx, user.id, null);
    if (kind === 'suspend' && user.status === UserStatus.suspended) await repo.setSuspension(tx, user.id, null, now);
  });
  if (audit && active.length) await recordAdminAction(ctx, admin, { action: `user.lift_${kind}`, targetType: 'user', targetId: user.id, changes: { penalty_ids: active.map((r) => r.id) } });
  return active.length;
}

/** One history entry as GET /admin/api/user/penalties lists it. */
export interface PenaltyEntry {
  id: string;
  kind: string;
  duration: string;
  reason: string;
  created_at: number;
  /** 0 = forever */
  ends_at: number;
  state: PenaltyState;
  /** When it stopped applying: lifted_at, else ends_at once passed; 0 while in force. */
  ended_at: number;
  lifted_at: number;
  created_by: { id: string; username: string; display_name: string };
  lifted_by: { id: string; username: string; display_name: string } | null;
}

/**
 * GET /admin/api/user/penalties: the member's penalties newest first, the default length of the next one and
 * the penalties in force (`silenced_until`, `suspended_until`: -1 none, 0 forever, else unix seconds).
 */
export async function penaltyHistory(ctx: AppContext, userId: string): Promise<{ list: PenaltyEntry[]; next_duration: string; silenced_until: number; suspended_until: number }> {
  const user = await getUser(ctx, userId);
  const db = requireDb(ctx);
  const now = nowSeconds();
  const rows = await repo.listPenalties(db, user.id);
  const names = await repo.namesOf(db, rows.flatMap((r) => [r.created_by, r.lifted_by]));
  const who = (id: string) => ({ id, username: names.get(id)?.username ?? '', display_name: names.get(id)?.display_name ?? '' });
  const list = rows.map((r): PenaltyEntry => {
    const state = penaltyState(r, now);
    return {
      id: r.id,
      kind: r.kind,
      duration: r.duration,
      reason: r.reason,
      created_at: Number(r.created_at),
      ends_at: Number(r.ends_at),
      state,
      ended_at: state === 'lifted' ? Number(r.lifted_at) : state === 'ended' ? Number(r.ends_at) : 0,
      lifted_at: Number(r.lifted_at),
      created_by: who(r.created_by),
      lifted_by: r.lifted_by ? who(r.lifted_by) : null,
    };
  });
  const silenced = isSilenced(user, now);
  const suspended = isSuspended(user, now);
  return {
    list,
    next_duration: PENALTY_ESCALATION[Math.min(rows.length, PENALTY_ESCALATION.length - 1)]!,
    silenced_until: silenced ? Number(user.silenced_until) : -1,
    suspended_until: suspended ? Number(user.suspended_until ?? 0) : -1,
  };
}

/**
 * The logged-in member's own penalties in force (GET /user/penalty): the silence and the suspension, each
 * `{until (0 = forever), reason}` or null.
 */
export async function ownPenalties(ctx: AppContext, user: UserRow): Promise<{ silence: { until: number; reason: string } | null; suspension: { until: number; reason: string } | null }> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const reasonOf = async (kind: PenaltyKind) => (await repo.activePenalties(db, user.id, kind, now)).sort((a, b) => Number(b.created_at) - Number(a.created_at))[0]?.reason ?? '';
  const silenced = isSilenced(user, now);
  const suspended = isSuspended(user, now);
  return {
    silence: silenced ? { until: Number(user.silenced_until), reason: await reasonOf('silence') } : null,
    suspension: suspended ? { until: Number(user.suspended_until ?? 0), reason: await reasonOf('suspend') } : null,
  };
}
