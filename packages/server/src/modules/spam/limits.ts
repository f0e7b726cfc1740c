/**
 * Limits for new members (issue "spam and abuse defence"; the spam settings section, contract schemas/spam.ts):
 * a member whose reputation is below `new_member_reputation` posts questions, answers and comments at most so
 * many times a minute, an hour and a day, may hold at most so many links, images and @mentions in a post, may
 * edit so many times an hour and flag so many times a day, and may post only a while after signing up. Members
 * from the threshold up keep the flood limits every member has (ESTABLISHED_POST_RATE_LIMITS, an hour). Moderators and
 * administrators are never limited; nothing is limited when the app is built without rate limits (as the account
 * limits, modules/user throttle.ts: QUORUM_RATE_LIMIT=off).
 *
 * Counts are the site's (core/counters.ts: the cluster primary, the database or Redis), in fixed windows opened
 * by the member's first action of the kind, so a limit holds across workers and nodes. Each attempt counts in
 * every window of its kind, refused ones too (a member hammering the button does not get a fresh quota sooner).
 * Refusals: 429 with `retry_after` (seconds) and a message naming the limit and when it resets (keys
 * `error.spam.<kind>_<window>`); a per-post limit is a 400 field error on the post's text field.
 */
import { SPAM_WINDOWS, type SiteSpamSettings, type SpamPostKind, type SpamWindow } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { nowSeconds } from '../../core/context.js';
import { counters } from '../../core/counters.js';
import { AppError, fieldErrors, type FieldIssue } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/index.js';
import { isModerator } from '../privilege/index.js';
import { rateLimitsOn } from '../user/index.js';
import { countImages, countLinksBesideImages, countMentions } from './content.js';
import { spamSettings } from './settings.js';

/** Posts per member per hour of members past the new-member threshold (flood limits; Quorum 0.1's upper tier). */
export const ESTABLISHED_POST_RATE_LIMITS: Record<SpamPostKind, number> = { question: 30, answer: 100, comment: 200 };

const WINDOW_SECONDS: Record<SpamWindow, number> = { minute: 60, hour: 3600, day: 86_400 };
/** The unit a refusal's wait is given in, per window: seconds within a minute, minutes within an hour, else hours. */
const WAIT_UNIT_SECONDS: Record<SpamWindow, number> = { minute: 1, hour: 60, day: 3600 };

/** Whether the rules apply to `user` at all (not staff, rate limits on). */
function limited(ctx: AppContext, user: UserRow): boolean {
  return !isModerator(user) && rateLimitsOn(ctx);
}

/** Whether `user` counts as a new member under `s` (reputation below the threshold). */
export function isNewMember(s: SiteSpamSettings, user: Pick<UserRow, 'rank'>): boolean {
  return Number(user.rank) < s.new_member_reputation;
}

/**
 * Counts one action in each window with a limit (0 = no limit) and returns the window that refuses it, the one
 * that ends last when several do, or null.
 * @param key the action and member, e.g. `post:comment:<id>`
 */
async function hitWindows(ctx: AppContext, key: string, limits: Partial<Record<SpamWindow, number>>): Promise<{ window: SpamWindow; limit: number; resetAt: number } | null> {
  const live = SPAM_WINDOWS.filter((w) => (limits[w] ?? 0) > 0);
  const counted = await Promise.all(live.map(async (w) => ({ window: w, limit: limits[w]!, hit: await counters(ctx).hit(`${key}:${w}`, WINDOW_SECONDS[w]) })));
  let worst: { window: SpamWindow; limit: number; resetAt: number } | null = null;
  for (const c of counted) if (c.hit.count > c.limit && (!worst || c.hit.resetAt > worst.resetAt)) worst = { window: c.window, limit: c.limit, resetAt: c.hit.resetAt };
  return worst;
}

/**
 * The 429 of a refused action.
 * @param reason the reason clients test (`error.post.rate_limited`, `error.request.rate_limited`)
 * @param what the message family: question, answer, comment, edit, flag
 */
function refusal(reason: string, what: string, r: { window: SpamWindow; limit: number; resetAt: number }): AppError {
  const seconds = Math.max(1, Math.ceil((r.resetAt - Date.now()) / 1000));
  const wait = Math.max(1, Math.ceil(seconds / WAIT_UNIT_SECONDS[r.window]));
  return new AppError(429, reason, { retry_after: seconds }).withMessage(`error.spam.${what}_${r.window}`, { limit: r.limit, wait });
}

/**
 * Refuses a post whose text breaks a new member's per-post limits (links, images, mentions; 0 = no limit).
 * @param field the form field of the text (`content`, `original_text`)
 * @throws 400 field errors `error.spam.too_many_links` / `too_many_images` / `too_many_mentions` with `{{limit}}`
 */
function checkContent(s: SiteSpamSettings, content: string, field: string): void {
  const issues: FieldIssue[] = [];
  const rules: [number, (md: string) => number, string][] = [
    [s.max_links, countLinksBesideImages, 'error.spam.too_many_links'],
    [s.max_images, countImages, 'error.spam.too_many_images'],
    [s.max_mentions, countMentions, 'error.spam.too_many_mentions'],
  ];
  for (const [limit, count, message] of rules) if (limit > 0 && count(content) > limit) issues.push({ field, message, params: { limit } });
  if (issues.length) throw fieldErrors(issues);
}

/**
 * Refuses a new account's post before `first_post_wait_seconds` have passed since it signed up (0 = off).
 * @throws 429 `error.post.rate_limited`, message `error.spam.first_post_seconds` or `_minutes` with the delay and wait
 */
function checkFirstPostWait(s: SiteSpamSettings, user: UserRow): void {
  const delay = s.first_post_wait_seconds;
  const left = Number(user.created_at) + delay - nowSeconds();
  if (delay <= 0 || left <= 0) return;
  const inMinutes = delay > 120;
  const unit = inMinutes ? 60 : 1;
  throw new AppError(429, 'error.post.rate_limited', { retry_after: left }).withMessage(inMinutes ? 'error.spam.first_post_minutes' : 'error.spam.first_post_seconds', {
    delay: Math.ceil(delay / unit),
    wait: Math.max(1, Math.ceil(left / unit)),
  });
}

/**
 * Checks a new question, answer or comment of `user` against the limits (see the file header) and counts it.
 * Order: staff and rate-limits-off pass; a new member's wait after sign-up, then the per-post limits (a refused
 * text does not use up the member's quota), then the counts.
 * @param content the post's markdown source
 * @param field the form field of the text, for the per-post field errors
 * @throws 429 `error.post.rate_limited` with `retry_after`; 400 field errors on `field`
 */
export async function checkPostLimits(ctx: AppContext, user: UserRow, kind: SpamPostKind, content: string, field: string): Promise<void> {
  if (!limited(ctx, user)) return;
  const s = await spamSettings(ctx);
  const key = `post:${kind}:${user.id}`;
  if (!isNewMember(s, user)) {
    const over = await hitWindows(ctx, key, { hour: ESTABLISHED_POST_RATE_LIMITS[kind] });
    if (over) throw refusal('error.post.rate_limited', kind, over);
    return;
  }
  checkFirstPostWait(s, user);
  checkContent(s, content, field);
  const over = await hitWindows(ctx, key, { minute: s[`${kind}_per_minute`], hour: s[`${kind}_per_hour`], day: s[`${kind}_per_day`] });
  if (over) throw refusal('error.post.rate_limited', kind, over);
}

/**
 * Checks an edit by `user` of a question, answer or comment: a new member's per-post limits on the new text and
 * `edits_per_hour`. Staff, members past the threshold and apps without rate limits pass.
 * @throws 400 field errors on `field`; 429 `error.post.rate_limited` (message `error.spam.edit_hour`)
 */
export async function checkEditLimits(ctx: AppContext, user: UserRow, content: string, field: string): Promise<void> {
  if (!limited(ctx, user)) return;
  const s = await spamSettings(ctx);
  if (!isNewMember(s, user)) return;
  checkContent(s, content, field);
  const over = await hitWindows(ctx, `edit:${user.id}`, { hour: s.edits_per_hour });
  if (over) throw refusal('error.post.rate_limited', 'edit', over);
}

/**
 * Counts a flag by `user` against a new member's `flags_per_day`. Staff, members past the threshold and apps
 * without rate limits pass.
 * @throws 429 `error.request.rate_limited` (message `error.spam.flag_day`)
 */
export async function checkFlagLimit(ctx: AppContext, user: UserRow): Promise<void> {
  if (!limited(ctx, user)) return;
  const s = await spamSettings(ctx);
  if (!isNewMember(s, user)) return;
  const over = await hitWindows(ctx, `flag:${user.id}`, { day: s.flags_per_day });
  if (over) throw refusal('error.request.rate_limited', 'flag', over);
}
