/**
 * Attempt counters for the account calls, per IP and per account: in Redis when `QUORUM_REDIS_URL` is set, so
 * every node counts the same attempts (core/redis.ts); else in this process's memory (one node). Two uses:
 * - failed logins, which switch on the captcha (3 per e-mail or IP in 15 min), always on;
 * - rate limits on login, registration, password reset and e-mail sends (429 `error.request.rate_limited`),
 *   off when the app is built with `rateLimit: false` (benchmarks, most tests).
 * Failed logins of an account never refuse that account's logins: anyone can fail them from anywhere, so a limit
 * there would let strangers lock the owner out. They keep the captcha on instead (every guess costs a solved
 * captcha), and the per-IP limits bound what one address can try.
 */
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { sharedRedis, sitePrefix } from '../../core/redis.js';

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

/** Where attempts are counted: sliding windows of hit times (ms) per key. */
interface CounterStore {
  /** Records a hit; the key may be forgotten `keepSec` after its last hit. */
  hit(key: string, nowMs: number, keepSec: number): Promise<void>;
  /** Hits of `key` within the last `windowSec`. */
  count(key: string, windowSec: number, nowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
}

/** In this process's memory. */
class MemoryStore implements CounterStore {
  readonly counter = new Counter();
  hit(key: string, nowMs: number): Promise<void> {
    this.counter.hit(key, nowMs);
    return Promise.resolve();
  }
  count(key: string, windowSec: number, nowMs: number): Promise<number> {
    return Promise.resolve(this.counter.count(key, windowSec, nowMs));
  }
  clear(key: string): Promise<void> {
    this.counter.clear(key);
    return Promise.resolve();
  }
}

/**
 * In Redis, one sorted set per key (member: a unique hit id, score: the hit time in ms), shared by every node.
 * While Redis is unreachable the calls fall back to `local` (limits count per node until it is back).
 */
class RedisStore implements CounterStore {
  private seq = 0;
  private readonly tag = Math.random().toString(36).slice(2, 10);
  private warnedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly local: MemoryStore,
  ) {}

  private key(k: string): string {
    return `${sitePrefix(this.ctx)}throttle:${k}`;
  }

  private fallback(err: unknown): void {
    if (Date.now() - this.warnedAt > 60_000) {
      this.warnedAt = Date.now();
      this.ctx.log.warn({ err: (err as Error).message }, 'Redis unreachable: account limits count on this node only');
    }
  }

  async hit(key: string, nowMs: number, keepSec: number): Promise<void> {
    const redis = sharedRedis(this.ctx);
    try {
      if (!redis) throw new Error('QUORUM_REDIS_URL is not set');
      const k = this.key(key);
      await redis.multi().zadd(k, nowMs, `${nowMs}-${this.tag}-${this.seq++}`).pexpire(k, keepSec * 1000).exec();
    } catch (err) {
      this.fallback(err);
      await this.local.hit(key, nowMs);
    }
  }

  async count(key: string, windowSec: number, nowMs: number): Promise<number> {
    const redis = sharedRedis(this.ctx);
    try {
      if (!redis) throw new Error('QUORUM_REDIS_URL is not set');
      const k = this.key(key);
      const res = await redis.multi().zremrangebyscore(k, 0, nowMs - windowSec * 1000).zcard(k).exec();
      const [err, n] = res?.[1] ?? [new Error('no reply'), 0];
      if (err) throw err;
      return Number(n);
    } catch (err) {
      this.fallback(err);
      return this.local.count(key, windowSec, nowMs);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await sharedRedis(this.ctx)?.del(this.key(key));
    } catch (err) {
      this.fallback(err);
    }
  }
}

interface State {
  rateLimit: boolean;
  counter: CounterStore;
}

const states = new WeakMap<AppContext, State>();

function state(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    const local = new MemoryStore();
    s = { rateLimit: true, counter: process.env.QUORUM_REDIS_URL ? new RedisStore(ctx, local) : local };
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
export async function rateLimit(ctx: AppContext, action: 'login' | 'register' | 'reset' | 'email', keys: { ip?: string; account?: string }): Promise<void> {
  const s = state(ctx);
  if (!s.rateLimit) return;
  const now = Date.now();
  const checks: Array<[string, readonly [number, number]]> = [];
  if (keys.ip) checks.push([`${action}:ip:${keys.ip}`, LIMITS_BY_ACTION[`${action}_ip` as LimitedAction]]);
  const accountLimit = action === 'login' ? undefined : (LIMITS_BY_ACTION as Record<string, readonly [number, number]>)[`${action}_account`];
  if (keys.account && accountLimit) checks.push([`${action}:account:${keys.account.toLowerCase()}`, accountLimit]);
  for (const [key, [max, windowSec]] of checks) {
    if ((await s.counter.count(key, windowSec, now)) >= max) throw new AppError(429, 'error.request.rate_limited', { retry_after: windowSec });
  }
  for (const [key, [, windowSec]] of checks) await s.counter.hit(key, now, windowSec);
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

/** Records a failed login for an IP and an e-mail. */
export async function recordLoginFailure(ctx: AppContext, ip: string, email: string): Promise<void> {
  const { counter } = state(ctx);
  const now = Date.now();
  await counter.hit(`fail:ip:${ip}`, now, LOGIN_FAIL_WINDOW);
  if (email) await counter.hit(`fail:email:${email.toLowerCase()}`, now, LOGIN_FAIL_WINDOW);
}

/** Forgets the failed logins of an e-mail (after a successful login). */
export function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  return state(ctx).counter.clear(`fail:email:${email.toLowerCase()}`);
}

/** True when logins from this IP (or for this e-mail, when given) need a captcha. */
export async function loginNeedsCaptcha(ctx: AppContext, ip: string, email = ''): Promise<boolean> {
  const { counter } = state(ctx);
  const now = Date.now();
  if ((await counter.count(`fail:ip:${ip}`, LOGIN_FAIL_WINDOW, now)) >= LOGIN_FAILS_BEFORE_CAPTCHA) return true;
  return !!email && (await counter.count(`fail:email:${email.toLowerCase()}`, LOGIN_FAIL_WINDOW, now)) >= LOGIN_FAILS_BEFORE_CAPTCHA;
}
