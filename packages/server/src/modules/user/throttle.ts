/**
 * Attempt counters for the account calls, per IP and per account, in memory (one node; DESIGN.md: Redis
 * takes this over when several nodes share the work). Two uses:
 * - failed logins, which switch on the captcha (3 per e-mail or IP in 15 min), always on;
 * - rate limits on login, registration, password reset and e-mail sends (429 `error.request.rate_limited`),
 *   off when the app is built with `rateLimit: false` (benchmarks, most tests).
 * Failed logins of an account never refuse that account's logins: anyone can fail them from anywhere, so a limit
 * there would let strangers lock the owner out. They keep the captcha on instead (every guess costs a solved
 * captcha), and the per-IP limits bound what one address can try.
 */
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';

/** Failed logins (per e-mail or per IP) within LOGIN_FAIL_WINDOW after which a captcha is needed. */
export const LOGIN_FAILS_BEFORE_CAPTCHA = 3;
export const LOGIN_FAIL_WINDOW = 15 * 60;

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

class Counter {
  private hits = new Map<string, number[]>();

  hit(key: string, nowMs: number): void {
    const list = this.hits.get(key) ?? [];
    list.push(nowMs);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep(nowMs - 24 * 60 * 60 * 1000);
  }

  count(key: string, windowSec: number, nowMs: number): number {
    const list = this.hits.get(key);
    if (!list) return 0;
    const from = nowMs - windowSec * 1000;
    while (list.length && list[0]! < from) list.shift();
    if (!list.length) this.hits.delete(key);
    return list.length;
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private sweep(before: number): void {
    for (const [k, list] of this.hits) if (!list.length || list[list.length - 1]! < before) this.hits.delete(k);
  }
}

interface State {
  rateLimit: boolean;
  counter: Counter;
}

const states = new WeakMap<AppContext, State>();

function state(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    s = { rateLimit: true, counter: new Counter() };
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
 * Counts one call of a limited action for each key and refuses it when any key is over its limit.
 * @param keys e.g. `{ip: req.ip, account: email}`; empty values are skipped
 * @throws AppError 429 `error.request.rate_limited`
 */
export function rateLimit(ctx: AppContext, action: 'login' | 'register' | 'reset' | 'email', keys: { ip?: string; account?: string }): void {
  const s = state(ctx);
  if (!s.rateLimit) return;
  const now = Date.now();
  const checks: Array<[string, readonly [number, number]]> = [];
  if (keys.ip) checks.push([`${action}:ip:${keys.ip}`, LIMITS_BY_ACTION[`${action}_ip` as LimitedAction]]);
  const accountLimit = action === 'login' ? undefined : (LIMITS_BY_ACTION as Record<string, readonly [number, number]>)[`${action}_account`];
  if (keys.account && accountLimit) checks.push([`${action}:account:${keys.account.toLowerCase()}`, accountLimit]);
  for (const [key, [max, windowSec]] of checks) {
    if (s.counter.count(key, windowSec, now) >= max) throw new AppError(429, 'error.request.rate_limited', { retry_after: windowSec });
  }
  for (const [key] of checks) s.counter.hit(key, now);
}

/**
 * Rate limit of POST /user/login/email: every attempt counts per IP (LIMITS_BY_ACTION.login_ip). There is no
 * per-account limit: failures per account switch on the captcha (loginNeedsCaptcha) and never refuse a correct
 * password with a solved captcha.
 * @throws AppError 429 `error.request.rate_limited`
 */
export function checkLoginRate(ctx: AppContext, ip: string): void {
  rateLimit(ctx, 'login', { ip });
}

/** Records a failed login for an IP and an e-mail. */
export function recordLoginFailure(ctx: AppContext, ip: string, email: string): void {
  const { counter } = state(ctx);
  const now = Date.now();
  counter.hit(`fail:ip:${ip}`, now);
  if (email) counter.hit(`fail:email:${email.toLowerCase()}`, now);
}

/** Forgets the failed logins of an e-mail (after a successful login). */
export function clearLoginFailures(ctx: AppContext, email: string): void {
  state(ctx).counter.clear(`fail:email:${email.toLowerCase()}`);
}

/** True when logins from this IP (or for this e-mail, when given) need a captcha. */
export function loginNeedsCaptcha(ctx: AppContext, ip: string, email = ''): boolean {
  const { counter } = state(ctx);
  const now = Date.now();
  if (counter.count(`fail:ip:${ip}`, LOGIN_FAIL_WINDOW, now) >= LOGIN_FAILS_BEFORE_CAPTCHA) return true;
  return !!email && counter.count(`fail:email:${email.toLowerCase()}`, LOGIN_FAIL_WINDOW, now) >= LOGIN_FAILS_BEFORE_CAPTCHA;
}
