/**
 * The per-node timer that runs mail job passes (digest.jobs.ts). It holds no state of its own: what is due and
 * what is done lives in `mail_jobs`, so any number of nodes may run it and a restart loses nothing.
 */
import type { AppContext } from '../../core/context.js';
import { runMailJobs } from './digest.jobs.js';

/** Milliseconds between passes; the first pass runs this long after start. */
export const DIGEST_POLL_MS = 30_000;

/** Starts the passes of an app and registers their stop in `ctx.onClose`. */
export function startDigestScheduler(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const every = opts.intervalMs ?? DIGEST_POLL_MS;
  const tick = () => {
    timer = null;
    running = runMailJobs(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, 'mail job pass failed'))
      .finally(() => {
        running = null;
        if (!stopped) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, every);
    timer.unref?.();
  };
  schedule();
  ctx.onClose.push(async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
