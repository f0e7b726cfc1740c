/**
 * Attempt counters for the account calls, per IP and per account, counted once for the whole site in the
 * counters of core/counters.ts (Redis with QUORUM_REDIS_URL; else the database with QUORUM_NODES > 1; else the
 * cluster primary for the workers of `quorum run --workers N`; else this process's memory). Two uses:
 * - failed logins, which switch on the captcha (3 per e-mail or IP in 30 min, Answer's rule for password
 *   attempts: internal/service/action CaptchaActionPassword), and the addresses a login was refused for want of
 *   one (so GET /user/action/record tells them), always on;
 * - rate limits on login, registration, password reset and e-mail sends (429 `error.request.rate_limited`),
 *   off when the app is built with `rateLimit: false` (benchmarks, most tests).
 * Windows are fixed, opened by a key's first attempt (core/counters.ts): "10 an hour" allows 10 attempts in the
 * hour from the first; refused attempts count too, without extending the window.
 * Failed logins of an account never refuse that account's logins: anyone can fail them from anywhere, so a limit
 * there would let strangers lock the owner out. They keep the captcha on instead (every guess costs a solved
 * captcha), and the per-IP limits bound what one address can try.
 */
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { counters } from '../../core/counters.js';

/** Failed logins (per e-mail or per IP) within LOGIN_FAIL_WINDOW after which a captcha is needed. */
export const LOGIN_FAILS_BEFORE_CAPTCHA = 3;
export const LOGIN_FAIL_WINDOW = 30 * 60;

/** Rate limits: [max hits, window in seconds]. */
export const LIMITS_BY_ACTION = {
  login_ip: [30, 15 * 60],
  register_ip: [10, 60 * 60],
  reset_ip: [10, 60 * 60],
  reset_account: [3, 60 * 60],
  email_ip: [20, 60 * 60],
  email_account: [5, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
export type LimitedAction = keyof typeof LIMITS_BY_ACTION;

interface State {
  rateLimit: boolean;
}

const states = new WeakMap<AppContext, State>();

function state(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    s = { rateLimit: true };
    states.set(ctx, s);
  }
  return s;
}

/** Sets whether rate limits apply (buildApp's `rateLimit` option). Failed-login captcha counting always applies. */
export function configureAccountLimits(ctx: AppContext, opts: { rateLimit: boolean }): void {
  state(ctx).rateLimit = opts.rateLimit;
}

/** Whether rate limits apply in this app (buildApp's `rateLimit` option); other modules' limits follow it. */
export function rateLimitsOn(ctx: AppContext): boolean {
  return state(ctx).rateLimit;
}

/**
 * Counts one call of a limited action for each key and refuses it when any key is over its limit (the call that
 * makes a key's count exceed its LIMITS_BY_ACTION maximum in the window, and every call after it in that window).
 * @param keys e.g. `{ip: req.ip, account: email}`; empty values are skipped
 * @throws AppError 429 `error.request.rate_limited` with `retry_after`, seconds until the window that refused ends
 */
export async function rateLimit(ctx: AppContext, action: 'login' | 'register' | 'reset' | 'email', keys: { ip?: string; account?: string }): Promise<void> {
  const s = state(ctx);
  if (!s.rateLimit) return;
  const checks: Array<[string, readonly [number, number]]> = [];
  if (keys.ip) checks.push([`${action}:ip:${keys.ip}`, LIMITS_BY_ACTION[`${action}_ip` as LimitedAction]]);
  const accountLimit = action === 'login' ? undefined : (LIMITS_BY_ACTION as Record<string, readonly [number, number]>)[`${action}_account`];
  if (keys.account && accountLimit) checks.push([`${action}:account:${keys.account.toLowerCase()}`, accountLimit]);
  const c = counters(ctx);
  let refusedUntil = 0;
  for (const [key, [max, windowSec]] of checks) {
    const w = await c.hit(key, windowSec);
    if (w.count > max) refusedUntil = Math.max(refusedUntil, w.resetAt);
  }
  if (refusedUntil) throw new AppError(429, 'error.request.rate_limited', { retry_after: Math.max(1, Math.ceil((refusedUntil - Date.now()) / 1000)) });
}

/**
 * Rate limit of POST /user/login/email: every attempt counts per IP (LIMITS_BY_ACTION.login_ip). There is no
 * per-account limit: failures per account switch on the captcha (loginNeedsCaptcha) and never refuse a correct
 * password with a solved captcha.
 * @throws AppError 429 `error.request.rate_limited`
 */
export function checkLoginRate(ctx: AppContext, ip: string): Promise<void> {
  return rateLimit(ctx, 'login', { ip });
}

/** Records a failed login for an IP and an e-mail (each in a LOGIN_FAIL_WINDOW window). */
export async function recordLoginFailure(ctx: AppContext, ip: string, email: string): Promise<void> {
  const c = counters(ctx);
  await c.hit(`fail:ip:${ip}`, LOGIN_FAIL_WINDOW);
  if (email) await c.hit(`fail:email:${email.toLowerCase()}`, LOGIN_FAIL_WINDOW);
}

/**
 * Forgets the failed logins of an e-mail and the captcha demand of the address (after a successful login from it).
 * The address's own failures stay counted for their window.
 */
export async function clearLoginFailures(ctx: AppContext, email: string, ip = ''): Promise<void> {
  const c = counters(ctx);
  await c.clear(`fail:email:${email.toLowerCase()}`);
  if (ip) await c.clear(`asked:ip:${ip}`);
}

/**
 * Records that a login from this IP was refused for a missing or wrong captcha (the e-mail's failures asked for
 * one), for LOGIN_FAIL_WINDOW: GET /user/action/record then tells that address `verify`, so a client that fetches
 * its captcha only after such a refusal (Answer's) sends one with the next attempt.
 */
export async function recordCaptchaDemand(ctx: AppContext, ip: string): Promise<void> {
  await counters(ctx).hit(`asked:ip:${ip}`, LOGIN_FAIL_WINDOW);
}

/**
 * Whether GET /user/action/record tells this IP that its next login needs a captcha: the IP's own failures
 * (loginNeedsCaptcha without an e-mail), or a login from it refused for want of one (recordCaptchaDemand).
 */
export async function loginCaptchaExpected(ctx: AppContext, ip: string): Promise<boolean> {
  if (await loginNeedsCaptcha(ctx, ip)) return true;
  return (await counters(ctx).peek(`asked:ip:${ip}`)).count > 0;
}

/**
 * True when logins from this IP (or for this e-mail, when given) need a captcha: LOGIN_FAILS_BEFORE_CAPTCHA
 * failures in the current window of either (so the 4th attempt after 3 failures needs one).
 */
export async function loginNeedsCaptcha(ctx: AppContext, ip: string, email = ''): Promise<boolean> {
  const c = counters(ctx);
  if ((await c.peek(`fail:ip:${ip}`)).count >= LOGIN_FAILS_BEFORE_CAPTCHA) return true;
  return !!email && (await c.peek(`fail:email:${email.toLowerCase()}`)).count >= LOGIN_FAILS_BEFORE_CAPTCHA;
}
