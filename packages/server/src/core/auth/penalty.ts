/**
 * Silence (issue #34 item 3; docs/API.md "Penalties"): a silenced member may read, keep their own lists (bookmarks,
 * follows, notification settings) and change their account, but every other write is refused with 403
 * `error.user.silenced` (`data.type` 'silenced', `silenced_until` unix seconds or 0 for forever, `reason`), its
 * `msg` saying until when, what is refused and the reason, in the request's language. The check sits in the guard
 * every write route starts with (guards.ts `requireActiveUser`), so a new write route is covered without naming
 * it; the writes a silence leaves alone are listed here by the route the router matched.
 * Suspension refusals carry their reason the same way ({@link suspensionRefusal}).
 */
import type { FastifyRequest } from 'fastify';
import { nowSeconds, requireDb, type AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { translate } from '../i18n.js';
import { isWriteMethod } from '../session-cookie.js';
import { activePenaltyReason } from './penalty.repository.js';
import type { UserRow } from './session.repository.js';
import { suspendedError } from './suspension.js';

/**
 * Writes a silence does not refuse (route patterns): a member's own bookmarks, follows and notification settings.
 * Account calls (password, e-mail, interface, notifications read) use guards that never check a silence.
 */
export const SILENCE_ALLOWED_WRITES: ReadonlySet<string> = new Set([
  '/answer/api/v1/collection/switch',
  '/answer/api/v1/follow',
  '/answer/api/v1/follow/tags',
  '/answer/api/v1/user/notification/config',
]);

/** True while a silence is in force: `silenced_until` 0 (forever) or in the future; null is no silence. */
export function isSilenced(user: Pick<UserRow, 'silenced_until'>, now = nowSeconds()): boolean {
  const until = user.silenced_until;
  if (until === null || until === undefined) return false;
  return Number(until) === 0 || Number(until) > now;
}

/** True when a silence refuses this request: a write (not GET/HEAD/OPTIONS) outside SILENCE_ALLOWED_WRITES. */
export function silenceRefuses(req: FastifyRequest): boolean {
  return isWriteMethod(req.method) && !SILENCE_ALLOWED_WRITES.has(req.routeOptions.url ?? '');
}

/**
 * A penalty's end for a member's eyes: long date and time in `lang`, in UTC (the server does not know the
 * member's time zone), e.g. "2 December 2026 at 14:05 UTC".
 * @param seconds unix seconds
 */
export function formatPenaltyEnd(seconds: number, lang: string): string {
  let locale = lang.replace('_', '-');
  try {
    new Intl.DateTimeFormat(locale);
  } catch {
    locale = 'en-US';
  }
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(seconds * 1000))} UTC`;
}

/** "Reason: ..." in `lang`, or '' without a reason (the `{{reason}}` part of the refusal messages). */
function reasonPart(reason: string, lang: string): string {
  return reason ? ` ${translate('penalty.reason', lang, { reason })}` : '';
}

/**
 * 403 `error.user.silenced` for a silenced member's write: data `{type: 'silenced', silenced_until, reason}`,
 * `msg` from `penalty.silenced_until` / `penalty.silenced_forever` in `lang`.
 */
export async function silenceRefusal(ctx: AppContext, user: UserRow, lang: string): Promise<AppError> {
  const until = Number(user.silenced_until ?? 0);
  const reason = await activePenaltyReason(requireDb(ctx), user.id, 'silence', nowSeconds());
  const err = new AppError(403, 'error.user.silenced', { type: 'silenced', silenced_until: until, reason });
  return until
    ? err.withMessage('penalty.silenced_until', { time: formatPenaltyEnd(until, lang), reason: reasonPart(reason, lang) })
    : err.withMessage('penalty.silenced_forever', { reason: reasonPart(reason, lang) });
}

/**
 * 403 `suspended` (suspension.ts `suspendedError`: `suspended_until`, 0 = forever) with the suspension's `reason`
 * in data when it has one and a `msg` saying until when and why, in `lang` (`penalty.suspended_until` / `penalty.suspended_forever`).
 */
export async function suspensionRefusal(ctx: AppContext, user: UserRow, lang: string): Promise<AppError> {
  const base = suspendedError(user);
  const until = Number(user.suspended_until ?? 0);
  const reason = ctx.database ? await activePenaltyReason(requireDb(ctx), user.id, 'suspend', nowSeconds()) : '';
  const err = new AppError(403, base.reason, reason ? { ...base.data, reason } : base.data);
  return until
    ? err.withMessage('penalty.suspended_until', { time: formatPenaltyEnd(until, lang), reason: reasonPart(reason, lang) })
    : err.withMessage('penalty.suspended_forever', { reason: reasonPart(reason, lang) });
}
