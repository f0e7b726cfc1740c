/**
 * View counting without a write per page view: views are summed in memory and written by a flush every FLUSH_MS
 * and at shutdown. A question viewed only once since its last write waits for a second view or TAIL_HOLD_MS before
 * it is written: under Zipf-spread traffic most questions a flush would write are such single views of the long
 * tail, and each costs SQLite a row and three index entries (docs/BENCHMARKS.md "Thirteenth round"). A crash loses
 * at most FLUSH_MS of views of the questions being read, TAIL_HOLD_MS of single views of the others, which is
 * acceptable for a popularity figure.
 */
import type { AppContext } from '../../core/context.js';
import { emitDomain } from '../../core/events.js';
import { forgetQuestionRows } from './question.infoparts.js';
import { addViews } from './question.repository.js';

const FLUSH_MS = 5000;
/** Longest a single view waits to be written, in milliseconds. */
const TAIL_HOLD_MS = 60_000;
/** Questions with views waiting beyond which the periodic flush writes them all (bounds the memory). */
const MAX_WAITING = 100_000;

/** Views of a question not written yet, and when the first of them was counted (ms since the epoch). */
interface Waiting {
  views: number;
  since: number;
}
const pending = new WeakMap<AppContext, Map<string, Waiting>>();

/** Counts one view of a question. */
export function countView(ctx: AppContext, questionId: string): void {
  let m = pending.get(ctx);
  if (!m) {
    m = new Map();
    pending.set(ctx, m);
  }
  const w = m.get(questionId);
  if (w) w.views++;
  else m.set(questionId, { views: 1, since: Date.now() });
}

/**
 * Questions per flush step: one transaction of view updates, then the view badges of those questions; the event
 * loop serves requests between steps. On SQLite a step never yields (the driver is synchronous), and the whole flush
 * in one go held the loop for 55-70 ms every FLUSH_MS under load (1,300 questions viewed in 5 s), which put every
 * request in flight at that moment into the slowest percent (docs/BENCHMARKS.md, sixth round). At 100,000 questions
 * a question's update costs SQLite ~170 us (its row, the primary key and two indexes holding view_count), so a
 * step of 100 held the loop ~17 ms; 50 hold it about half as long ("Twelfth round").
 */
const FLUSH_STEP = 50;

/** The flush under way per app, if any: the next one starts after it. */
const flushing = new WeakMap<AppContext, Promise<void>>();

/**
 * Writes buffered views to the database, in steps of FLUSH_STEP questions (see FLUSH_STEP), and drops the kept rows
 * of the questions written (question.infoparts.ts). Flushes run one after another: when a full flush resolves,
 * every view counted before the call is written, including those a flush already under way (the periodic one)
 * took. Rejects when this flush's writes fail (its views are dropped, as a crash would); a failure of the flush
 * before it does not reject this one.
 * @param all true (the default: shutdown, tests) writes every view; false (the periodic flush) leaves single views
 *   younger than TAIL_HOLD_MS waiting
 */
export function flushViews(ctx: AppContext, all = true): Promise<void> {
  const next = (flushing.get(ctx) ?? Promise.resolve()).catch(() => undefined).then(() => writeViews(ctx, all));
  flushing.set(ctx, next);
  return next;
}

/** Takes the views due out of the buffer: all of them, or those not held back (see the file header). */
function takeDue(m: Map<string, Waiting>, all: boolean): [string, number][] {
  const due: [string, number][] = [];
  const heldSince = all || m.size > MAX_WAITING ? Infinity : Date.now() - TAIL_HOLD_MS;
  for (const [id, w] of m) {
    if (w.views > 1 || w.since <= heldSince) {
      due.push([id, w.views]);
      m.delete(id);
    }
  }
  return due;
}

async function writeViews(ctx: AppContext, all: boolean): Promise<void> {
  const m = pending.get(ctx);
  if (!m || !m.size || !ctx.database) return;
  const due = takeDue(m, all);
  // addViews updates each step's rows in id order (no deadlock between processes flushing at once).
  for (let i = 0; i < due.length; i += FLUSH_STEP) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    const step = due.slice(i, i + FLUSH_STEP);
    const ids = step.map(([id]) => id);
    await addViews(ctx.database, new Map(step));
    forgetQuestionRows(ctx, ids);
    await emitDomain(ctx, { type: 'question.viewed', question_ids: ids });
  }
}

/** Starts the periodic flush; stopped (with a final flush of every view, after the one under way) when the app closes. */
export function startViewFlusher(ctx: AppContext): void {
  const flush = (all: boolean) => flushViews(ctx, all).catch((err) => ctx.log.warn({ err }, 'view count flush failed'));
  const timer = setInterval(() => flush(false), FLUSH_MS);
  timer.unref();
  ctx.onClose.push(async () => {
    clearInterval(timer);
    await flush(true);
  });
}
