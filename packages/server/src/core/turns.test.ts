import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { TurnQueue } from './turns.js';

/** Resolves after the event loop has gone round `n` times (one setImmediate each). */
async function iterations(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('TurnQueue', () => {
  it('grants turns in the order they were asked for', async () => {
    const q = new TurnQueue();
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((i) => q.take().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(q.length).toBe(0);
  });

  it('never grants a turn in the callback that asked for it', async () => {
    const q = new TurnQueue();
    let granted = false;
    void q.take().then(() => (granted = true));
    // Every microtask of this callback runs first.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(granted).toBe(false);
    await iterations(1);
    expect(granted).toBe(true);
  });

  it("runs each turn's synchronous work before granting the next", async () => {
    const q = new TurnQueue();
    const events: string[] = [];
    const work = async (name: string) => {
      await q.take();
      events.push(`${name} start`);
      // A continuation that goes on through resolved promises (a synchronous driver behind an async API).
      await Promise.resolve();
      await Promise.resolve();
      events.push(`${name} end`);
    };
    await Promise.all([work('a'), work('b'), work('c')]);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('lets the event loop poll between batches, so I/O that arrives meanwhile is not held up', async () => {
    // A message between threads' ports is I/O: it is delivered when the event loop polls.
    const order = async (budgetMs: number): Promise<string[]> => {
      const q = new TurnQueue(budgetMs);
      const events: string[] = [];
      const { port1, port2 } = new MessageChannel();
      const delivered = new Promise<void>((resolve) =>
        port2.on('message', () => {
          events.push('io');
          resolve();
        }),
      );
      const turn = async (name: string) => {
        await q.take();
        events.push(name);
        if (name === 't1') port1.postMessage('x');
      };
      await Promise.all([turn('t1'), turn('t2'), turn('t3'), delivered]);
      port1.close();
      return events;
    };
    // A budget of 0: one turn per iteration, the message delivered before the second turn.
    expect(await order(0)).toEqual(['t1', 'io', 't2', 't3']);
    // A large budget: every waiting turn in one iteration, the message after them.
    expect(await order(60_000)).toEqual(['t1', 't2', 't3', 'io']);
  });

  it('serves callers that arrive while a batch runs, after those before them', async () => {
    const q = new TurnQueue(0);
    const order: string[] = [];
    const late: Array<Promise<unknown>> = [];
    const first = [1, 2].map((i) =>
      q.take().then(() => {
        order.push(`early ${i}`);
        if (i === 1) late.push(q.take().then(() => order.push('late')));
      }),
    );
    await Promise.all(first);
    await Promise.all(late);
    expect(order).toEqual(['early 1', 'early 2', 'late']);
    expect(q.length).toBe(0);
  });
});
