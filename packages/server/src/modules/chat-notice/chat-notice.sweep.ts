/**
 * The "unanswered after N hours" sweep of chat notices: every SWEEP_MS each node looks, for each enabled
 * notification plugin that asks for `question.unanswered`, at the open, listed questions without an answer asked
 * between N hours + SWEEP_LOOKBACK_SECONDS and N hours ago, and queues a notice for each that carries one of the
 * plugin's tags. Idempotent: the notice's unique outbox key (plugin, event, question) lets each question be queued
 * once per plugin, however many sweeps and nodes see it; the state is in the database, none in the process.
 *
 * The look-back bounds the work of a sweep and what a newly enabled plugin announces: questions that have waited
 * longer than N hours plus one day when it is switched on are not announced.
 */
import { startPeriodic } from '../../core/periodic.js';
import { nowSeconds, type AppContext } from '../../core/context.js';
import * as repo from './chat-notice.repository.js';
import { noticeKey, noticePlugins, queueNotice, tagsMatch } from './chat-notice.service.js';
import { wakeChatNotices } from './chat-notice.worker.js';

/** How far back beyond N hours a sweep looks (seconds). */
export const SWEEP_LOOKBACK_SECONDS = 24 * 60 * 60;
/** Time between sweeps (milliseconds). */
export const SWEEP_MS = 5 * 60 * 1000;
/** The most questions one sweep looks at per plugin. */
const SWEEP_LIMIT = 500;

/**
 * One sweep at `now` (unix seconds; tests pass a later time).
 * @returns how many notices were queued
 */
export async function runUnansweredSweep(ctx: AppContext, now = nowSeconds()): Promise<number> {
  const db = ctx.database;
  if (!db || !ctx.installed) return 0;
  let n = 0;
  for (const p of await noticePlugins(ctx)) {
    if (!p.subscription.events.includes('question.unanswered')) continue;
    const slug = p.plugin.manifest.slug_name;
    const to = now - p.subscription.unanswered_hours * 3600;
    const ids = await repo.unansweredBetween(db, to - SWEEP_LOOKBACK_SECONDS, to, SWEEP_LIMIT);
    const queued = await repo.queuedKeys(db, ids.map((id) => noticeKey(slug, 'question.unanswered', id)));
    for (const id of ids) {
      if (queued.has(noticeKey(slug, 'question.unanswered', id))) continue;
      const q = await repo.findQuestion(db, id);
      if (!q || !repo.isPublicQuestion(q) || !tagsMatch(p.subscription, q.tags)) continue;
      if (await queueNotice(db, { slug, event: 'question.unanswered', question_id: id })) n++;
    }
  }
  if (n) wakeChatNotices(ctx);
  return n;
}

/** Starts the sweeps of an app (stopped with it). */
export function startUnansweredSweep(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? SWEEP_MS, 'chat notice sweep failed', () => runUnansweredSweep(ctx));
}
