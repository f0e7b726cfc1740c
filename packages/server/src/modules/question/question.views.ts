/**
 * View counting without a write per page view: views are summed in memory and flushed every FLUSH_MS and at
 * shutdown. A crash loses at most FLUSH_MS of view counts, which is acceptable for a popularity figure.
 */
import type { AppContext } from '../../core/context.js';
import { emitDomain } from '../../core/events.js';
import { addViews } from './question.repository.js';

const FLUSH_MS = 5000;
const pending = new WeakMap<AppContext, Map<string, number>>();

/** Counts one view of a question. */
export function countView(ctx: AppContext, questionId: string): void {
  let m = pending.get(ctx);
  if (!m) {
    m = new Map();
    pending.set(ctx, m);
  }
  m.set(questionId, (m.get(questionId) ?? 0) + 1);
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
 * Writes buffered views to the database, in steps of FLUSH_STEP questions (see FLUSH_STEP). Flushes run one after
 * another: when this resolves, every view counted before the call is written, including those a flush already
 * under way (the periodic one) took. Rejects when this flush's writes fail (its views are dropped, as a crash
 * would); a failure of the flush before it does not reject this one.
 */
export function flushViews(ctx: AppContext): Promise<void> {
  const next = (flushing.get(ctx) ?? Promise.resolve()).catch(() => undefined).then(() => writeViews(ctx));
  flushing.set(ctx, next);
  return next;
}

async function writeViews(ctx: AppContext): Promise<void> {
  const m = pending.get(ctx);
  if (!m || !m.size || !ctx.database) return;
  pending.set(ctx, new Map());
  // addViews updates each step's rows in id order (no deadlock between processes flushing at once).
  const all = [...m];
  for (let i = 0; i < all.length; i += FLUSH_STEP) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    const step = all.slice(i, i + FLUSH_STEP);
    await addViews(ctx.database, new Map(step));
    await emitDomain(ctx, { type: 'question.viewed', question_ids: step.map(([id]) => id) });
  }
}

/** Starts the periodic flush; stopped (with a final flush, after the one under way) when the app closes. */
export function startViewFlusher(ctx: AppContext): void {
  const flush = () => flushViews(ctx).catch((err) => ctx.log.warn({ err }, 'view count flush failed'));
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();
  ctx.onClose.push(async () => {
    clearInterval(timer);
    await flush();
  });
}
