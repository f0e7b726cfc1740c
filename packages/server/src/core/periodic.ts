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

/** What a queue worker gives its module: a way to run a pass now. */
export interface QueueWorker {
  /** Runs a pass now (after queuing rows), or one more right after the pass under way. */
  wake(): void;
}

/**
 * A per-node worker for a durable queue (webhook deliveries, chat notices): every `pollMs` milliseconds, and when
 * woken, it runs `runBatch` again and again while a batch handled any row (`runBatch` returns how many), never two
 * passes at once; a wake during a pass runs another pass after it, so a row queued then does not wait for the next
 * poll. A failing pass is logged (`what`) and the worker kept; passes are skipped until the site is installed. The
 * timer does not keep the process alive; closing the app stops it and waits for a pass under way. The rows and
 * their claims live in the database, so any number of nodes may run the same worker.
 */
export function startQueueWorker(ctx: AppContext, pollMs: number, what: string, runBatch: () => Promise<number>): QueueWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (stopped || !ctx.installed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await runBatch()) > 0);
        } while (again && !stopped);
      } catch (err) {
        if (!stopped) ctx.log.error({ err }, what);
      }
    })();
    await running;
    running = null;
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  ctx.onClose.push(async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
  return { wake: () => void tick() };
}
