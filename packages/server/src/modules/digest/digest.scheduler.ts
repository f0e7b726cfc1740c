/**
 * The per-node timer that runs mail job passes (digest.jobs.ts). It holds no state of its own: what is due and
 * what is done lives in `mail_jobs`, so any number of nodes may run it and a restart loses nothing.
 */
import type { AppContext } from '../../core/context.js';
import { startPeriodic } from '../../core/periodic.js';
import { runMailJobs } from './digest.jobs.js';

/** Milliseconds between passes; the first pass runs this long after start. */
export const DIGEST_POLL_MS = 30_000;

/** Starts the passes of an app and registers their stop in `ctx.onClose`. */
export function startDigestScheduler(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? DIGEST_POLL_MS, 'mail job pass failed', () => runMailJobs(ctx));
}
