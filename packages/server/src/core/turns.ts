/**
 * Turns for requests, granted in the order they were asked for, at most BATCH_MS of them per event-loop
 * iteration. `buildApp` makes every request take one in an onRequest hook, before cookies, sessions and routing (app.ts).
 *
 * Why: Node runs a request's handler inside the I/O callback that read it, and with a synchronous driver
 * (better-sqlite3) and a synchronous render the whole response is made there. Under load every poll of the event
 * loop returns the sockets that became readable in the kernel's ready-list order, which keeps the order of the
 * round before: a request that arrives just after a poll is served at the end of the round after next, and can
 * keep that place. With 50 connections in a closed loop one connection at a time waited two rounds, and requests
 * at the start of a load waited up to 4 s (docs/BENCHMARKS.md, "Ninth round"). With turns a request is only
 * queued when it is read; turns are granted from `setImmediate` callbacks, oldest first, and after BATCH_MS of
 * them the event loop polls again, so a request waits for the turns asked for before it plus at most one batch
 * before it is read: first come, first served.
 *
 * When nothing waits the cost is one `setImmediate` hop. Work that awaits a database over the network
 * (PostgreSQL, MySQL) or a request body gives up its turn at that await, so turns order the starts of such work,
 * not its whole duration.
 */

/** Milliseconds of turns granted in one event-loop iteration before the loop polls for new requests again. */
export const BATCH_MS = 10;
/** Most grants scheduled for one iteration (a render takes 0.5 ms or more, so BATCH_MS ends a batch first). */
const BATCH_MAX = 64;

export class TurnQueue {
  private waiting: Array<() => void> = [];
  private head = 0;
  /** `setImmediate` grants scheduled and not yet run (the coming or current batch). */
  private pending = 0;
  /** When the batch's first grant ran (performance.now() ms); undefined before it. */
  private batchStart: number | undefined;

  /** @param batchMs work granted per event-loop iteration (ms), BATCH_MS by default; 0 = one turn per iteration */
  constructor(private readonly batchMs = BATCH_MS) {}

  /** Callers waiting for a turn (not counting one being served). */
  get length(): number {
    return this.waiting.length - this.head;
  }

  /**
   * Resolves when it is this caller's turn: after every earlier caller's, never in the call's own event-loop
   * callback. The caller's synchronous work after the `await` is its turn.
   */
  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      // Between batches, every caller adds a grant to the coming one; a caller during a batch waits for the
      // next, which the batch's last grant schedules.
      if (this.batchStart === undefined && this.pending < BATCH_MAX) this.addGrant();
    });
  }

  /**
   * One `setImmediate` per grant: Node runs the immediates queued before a check phase in that phase, draining
   * microtasks after each, so each grant runs after the previous caller's turn has finished its synchronous part;
   * immediates queued during the phase wait for the next iteration, after a poll.
   */
  private addGrant(): void {
    this.pending++;
    setImmediate(this.grant);
  }

  private readonly grant = (): void => {
    this.pending--;
    const now = performance.now();
    // The batch's first grant always goes ahead, so a batch serves at least one caller.
    const first = this.batchStart === undefined;
    this.batchStart ??= now;
    let next: (() => void) | undefined;
    if ((first || now - this.batchStart < this.batchMs) && this.length > 0) {
      next = this.waiting[this.head]!;
      this.waiting[this.head++] = undefined as unknown as () => void;
      if (this.head === this.waiting.length) {
        this.waiting = [];
        this.head = 0;
      } else if (this.head >= 1024) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
    }
    if (this.pending === 0) {
      // The batch is over: the callers left wait for the next iteration.
      this.batchStart = undefined;
      for (let i = 0, n = Math.min(this.length, BATCH_MAX); i < n; i++) this.addGrant();
    }
    // Resolving runs the caller's continuation in this callback's microtasks, before the next grant.
    next?.();
  };
}
