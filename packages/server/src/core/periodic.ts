/**
 * A per-node timer for background passes (digest mail jobs, the daily backup check): runs `pass` every
 * `intervalMs` milliseconds, the first time one interval after start, never two passes at once (the next is
 * scheduled when the previous settles), a failing pass logged and the timer kept. The timer does not keep the
 * process alive, and closing the app stops it and waits for a pass under way. Passes hold no state of their own:
 * what is due lives in the database, claimed there, so any number of nodes may run the same timer.
 */
import type { AppContext } from './context.js';

/**
 * Starts the passes and registers their stop in `ctx.onClose`.
 * @param what the log message when a pass throws (e.g. 'scheduled backup failed')
 */
export function startPeriodic(ctx: AppContext, intervalMs: number, what: string, pass: () => Promise<unknown>): void {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref?.();
  };
  const tick = () => {
    timer = null;
    running = pass()
      .catch((err: unknown) => ctx.log.error({ err }, what))
      .finally(() => {
        running = null;
        if (!stopped) schedule();
      });
  };
  schedule();
  ctx.onClose.push(async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
