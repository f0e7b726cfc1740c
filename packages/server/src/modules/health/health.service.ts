/**
 * Liveness and readiness of one server process, for load balancers, orchestrators and `quorum run --workers`.
 * Liveness: the process answers. Readiness: it can serve the site, which needs its database and, when
 * QUORUM_REDIS_URL is set, Redis. A process that is shutting down is not ready (Fastify answers 503 while it
 * drains in-flight requests).
 */
import type { Redis } from 'ioredis';
import { redisClient } from '../../core/redis.js';
import type { AppContext } from '../../core/context.js';
import { ping } from '../../core/db/index.js';

/** Milliseconds a dependency may take to answer before it counts as down. */
export const CHECK_TIMEOUT_MS = 2000;

/** `ok`, `not installed` (the installer is being served: no database yet), `not configured`, or `unreachable`. */
export type CheckState = 'ok' | 'not installed' | 'not configured' | 'unreachable';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** The checks of one app; keeps one Redis connection for its pings (opened at the first check, closed with the app). */
export class HealthChecks {
  private redis: Redis | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly redisUrl: string | undefined,
  ) {}

  /**
   * Runs the readiness checks. Not ready when the database or a configured Redis does not answer within
   * CHECK_TIMEOUT_MS; a site that is not installed yet is ready (it serves the installer). Failures are logged
   * at warn with the driver's message, which the response leaves out.
   */
  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([this.database(), this.redisState()]);
    return { ready: database !== 'unreachable' && redis !== 'unreachable', checks: { database, redis } };
  }

  private async database(): Promise<CheckState> {
    const db = this.ctx.database;
    if (!db || !this.ctx.installed) return 'not installed';
    try {
      await withTimeout(ping(db), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'readiness: the database does not answer');
      return 'unreachable';
    }
  }

  private async redisState(): Promise<CheckState> {
    if (!this.redisUrl) return 'not configured';
    if (!this.redis) {
      this.redis = new (redisClient())(this.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: CHECK_TIMEOUT_MS });
      // Connection errors show as a failed ping; ioredis reconnects by itself.
      this.redis.on('error', () => undefined);
    }
    try {
      await withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'readiness: Redis does not answer');
      return 'unreachable';
    }
  }

  /** Closes the Redis connection, if one was opened. */
  async close(): Promise<void> {
    const r = this.redis;
    this.redis = null;
    if (r) await r.quit().catch(() => r.disconnect());
  }
}
