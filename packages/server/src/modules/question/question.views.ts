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

/** Writes buffered views to the database. */
export async function flushViews(ctx: AppContext): Promise<void> {
  const m = pending.get(ctx);
  if (!m || !m.size || !ctx.database) return;
  pending.set(ctx, new Map());
  await addViews(ctx.database, m);
  await emitDomain(ctx, { type: 'question.viewed', question_ids: [...m.keys()] });
}

/** Starts the periodic flush; stopped (with a final flush) when the app closes. */
export function startViewFlusher(ctx: AppContext): void {
  const timer = setInterval(() => {
    flushViews(ctx).catch((err) => ctx.log.warn({ err }, 'view count flush failed'));
  }, FLUSH_MS);
  timer.unref();
  ctx.onClose.push(async () => {
    clearInterval(timer);
    await flushViews(ctx);
  });
}
