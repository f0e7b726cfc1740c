/**
 * Sending chat notices: the outbox rows of kind `chat_notice`, worked like the e-mail outbox (modules/mail
 * outbox.ts) and the webhook queue. A worker per app polls every second (and is woken when a notice is queued),
 * claims due rows with a compare-and-set, builds each notice from the database (chat-notice.service.ts buildNotice:
 * nothing that stopped being public is sent) and hands it to its plugin's `send` through `callPlugin`, which keeps
 * an error as the plugin's last error on the admin plugins page.
 *
 * At least once: a crash before the answer leaves the row to be taken again after LEASE_SECONDS. A failed send is
 * retried with exponential back-off (30 s doubling, at most 6 h) up to MAX_ATTEMPTS, then the row is `failed` with
 * the last error. A row whose plugin is off or gone, or whose question is no longer public, is closed as `failed`
 * with a note saying why, and never sent.
 */
import { nowSeconds, type AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { startQueueWorker, type QueueWorker } from '../../core/periodic.js';
import { guardedFetch } from '../connector/index.js';
import { callPlugin } from '../plugin/index.js';
import * as repo from './chat-notice.repository.js';
import { buildNotice, noticePlugins, type NoticePayload, type NoticePlugin } from './chat-notice.service.js';

export const MAX_ATTEMPTS = 8;
/** Seconds a claimed row is held before another worker may take it over. */
export const LEASE_SECONDS = 60;
const POLL_MS = 1000;
const BATCH = 20;

/** Notes of rows closed without sending. */
export const NOT_PUBLIC = 'not sent: the question or post is no longer public';
export const PLUGIN_OFF = 'not sent: the plugin is off or not installed';

/** Seconds before attempt `attempts + 1` (attempts already made >= 1). */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60);
}

function parsePayload(raw: string): NoticePayload | null {
  try {
    const p = JSON.parse(raw) as Partial<NoticePayload>;
    return typeof p.slug === 'string' && typeof p.event === 'string' && typeof p.question_id === 'string' ? (p as NoticePayload) : null;
  } catch {
    return null;
  }
}

async function deliver(ctx: AppContext, db: Db, row: repo.OutboxRow, plugins: Map<string, NoticePlugin>, now: number): Promise<void> {
  const payload = parsePayload(row.payload);
  if (!payload) return repo.finishNotice(db, row.id, { status: repo.NoticeStatus.failed, last_error: 'payload is not a notice' }, now);
  const p = plugins.get(payload.slug);
  if (!p) return repo.finishNotice(db, row.id, { status: repo.NoticeStatus.failed, last_error: PLUGIN_OFF }, now);
  const notice = await buildNotice(ctx, db, payload, p.subscription);
  if (!notice) return repo.finishNotice(db, row.id, { status: repo.NoticeStatus.failed, last_error: NOT_PUBLIC }, now);
  const attempts = Number(row.attempts) + 1;
  try {
    await callPlugin(ctx, payload.slug, () => p.plugin.notification!.send({ config: p.config, fetch: guardedFetch }, notice));
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const failed = attempts >= MAX_ATTEMPTS;
    await repo.finishNotice(db, row.id, failed ? { status: repo.NoticeStatus.failed, last_error: message } : { status: repo.NoticeStatus.pending, next_attempt_at: now + backoffSeconds(attempts), last_error: message }, now);
    return;
  }
  await repo.finishNotice(db, row.id, { status: repo.NoticeStatus.sent, last_error: '' }, now);
}

/**
 * Sends the notices due at `now` (unix seconds; tests pass a later time to reach a retry), oldest first.
 * @returns how many rows were taken
 */
export async function runChatNotices(ctx: AppContext, now = nowSeconds()): Promise<number> {
  const db = ctx.database;
  if (!db || !ctx.installed) return 0;
  const due = await repo.dueNotices(db, now, now - LEASE_SECONDS, BATCH);
  if (!due.length) return 0;
  const plugins = new Map((await noticePlugins(ctx)).map((p) => [p.plugin.manifest.slug_name, p]));
  let n = 0;
  for (const row of due) {
    if (!(await repo.claimNotice(db, row, now))) continue;
    n++;
    await deliver(ctx, db, row, plugins, now);
  }
  return n;
}

const workers = new WeakMap<AppContext, QueueWorker>();

/** Wakes this app's worker (after queuing notices) so they go out without waiting for the next poll. */
export function wakeChatNotices(ctx: AppContext): void {
  workers.get(ctx)?.wake();
}

/** Starts the polling worker of an app (core/periodic.ts startQueueWorker); stopped through ctx.onClose. */
export function startChatNoticeWorker(ctx: AppContext): void {
  workers.set(ctx, startQueueWorker(ctx, POLL_MS, 'chat notice delivery failed', () => runChatNotices(ctx)));
}
