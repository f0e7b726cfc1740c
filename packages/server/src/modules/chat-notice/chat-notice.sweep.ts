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
/** Questions read per page, and the most pages one sweep reads per plugin (10,000 questions of the window). */
const SWEEP_PAGE = 500;
const SWEEP_PAGES = 20;

/**
 * One sweep at `now` (unix seconds; tests pass a later time).
 * @param opts.pageSize questions read per page (default SWEEP_PAGE; tests pass 1 to cross pages)
 * @returns how many notices were queued
 */
export async function runUnansweredSweep(ctx: AppContext, now = nowSeconds(), opts: { pageSize?: number } = {}): Promise<number> {
  const pageSize = opts.pageSize ?? SWEEP_PAGE;
  const db = ctx.database;
  if (!db || !ctx.installed) return 0;
  let n = 0;
  for (const p of await noticePlugins(ctx)) {
    if (!p.subscription.events.includes('question.unanswered')) continue;
    const slug = p.plugin.manifest.slug_name;
    const to = now - p.subscription.unanswered_hours * 3600;
    let after: { id: string; created_at: number } | null = null;
    for (let page = 0; page < SWEEP_PAGES; page++) {
      const rows = await repo.unansweredBetween(db, to - SWEEP_LOOKBACK_SECONDS, to, after, pageSize);
      const queued = await repo.queuedKeys(db, rows.map((r) => noticeKey(slug, 'question.unanswered', r.id)));
      for (const { id } of rows) {
        if (queued.has(noticeKey(slug, 'question.unanswered', id))) continue;
        const q = await repo.findQuestion(db, id);
        if (!q || !repo.isPublicQuestion(q) || !tagsMatch(p.subscription, q.tags)) continue;
        if (await queueNotice(db, { slug, event: 'question.unanswered', question_id: id })) n++;
      }
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]!;
    }
  }
  if (n) wakeChatNotices(ctx);
  return n;
}

/** Starts the sweeps of an app (stopped with it). */
export function startUnansweredSweep(ctx: AppContext, opts: { intervalMs?: number } = {}): void {
  startPeriodic(ctx, opts.intervalMs ?? SWEEP_MS, 'chat notice sweep failed', () => runUnansweredSweep(ctx));
}
