/**
 * Durable e-mail outbox (DESIGN.md "jobs"). `enqueueEmail` writes a row (kind 'email', payload
 * {to, subject, text, html}); the worker claims due rows with a compare-and-set, sends them over SMTP and marks
 * them sent.
 *
 * Delivery guarantee: at least once, with a narrow duplicate window. A crash before the send leaves the row
 * `pending` (or `sending` until the lease runs out) and it is sent after the restart; nothing is lost. A crash
 * after the SMTP server accepted the message but before the row is marked `sent` makes the message go out again
 * once the lease (LEASE_SECONDS) has passed: that window is the time between the SMTP "250 OK" and one UPDATE.
 * Two workers (threads or nodes) never send the same row at the same time: only one claim succeeds.
 *
 * Failures are retried with exponential backoff (30 s, 1 min, 2 min ... capped at 6 h) up to MAX_ATTEMPTS,
 * then the row is `failed` with the last error. Without SMTP settings rows stay pending with a note, and the
 * log says so once per process (not per request).
 */
import { randomUUID } from 'node:crypto';
import { nowSeconds, type AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { getSettings } from '../siteinfo/index.js';
import * as repo from './mail.repository.js';
import { closeTransport, sendMail } from './mailer.js';
import { getSmtp, isConfigured } from './smtp.js';
import { renderMail, type MailTemplate } from './templates.js';
import { mailBrand } from './layout.js';

export const OutboxStatus = { pending: 1, sending: 2, sent: 3, failed: 4 } as const;

const KIND = 'email';
/** Seconds a claimed row is held before another worker may take it over. */
export const LEASE_SECONDS = 300;
export const MAX_ATTEMPTS = 8;
const POLL_MS = 1000;
const BATCH = 20;
const NOT_CONFIGURED = 'SMTP is not configured; waiting';

export interface EmailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
  template?: string;
  /** Extra message headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` of notification e-mails. */
  headers?: Record<string, string>;
}

/** Seconds to wait before attempt number `attempts + 1` (attempts already made >= 1). */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60);
}

/** A rendered e-mail ready to be queued. */
export interface ComposedEmail {
  payload: EmailPayload;
  /** Whether SMTP was configured when composed (else the row gets a note). */
  configured: boolean;
}

/**
 * Renders a template with the site name, under the site's branding logo (or name). Reads settings: call it before
 * opening a transaction.
 * @param lang en_US | zh_CN (the recipient's language, else the site's)
 * @param link absolute URL for link mails
 */
export async function composeEmail(ctx: AppContext, mail: { to: string; lang: string; template: MailTemplate; link?: string }): Promise<ComposedEmail> {
  const settings = await getSettings(ctx);
  const rendered = renderMail(mail.template, mail.lang, { site_name: settings.general.name, link: mail.link, brand: mailBrand(settings) });
  return { payload: { to: mail.to, ...rendered, template: mail.template }, configured: isConfigured(await getSmtp(ctx)) };
}

/**
 * Writes a composed e-mail to the outbox (pass a transaction handle to make it part of it) and wakes the worker.
 * @param dedupKey one key per event and recipient (e.g. `accept_answer:<answer id>:<user id>`): a second e-mail
 *   with a key already queued is dropped, whichever node or retry queues it
 * @returns the outbox row id, or '' when `dedupKey` was already queued
 */
export async function queueEmail(ctx: AppContext, db: Db, mail: ComposedEmail, dedupKey?: string): Promise<string> {
  const now = nowSeconds();
  const id = randomUUID().replace(/-/g, '');
  const inserted = await repo.insertOutbox(db, {
    id,
    kind: KIND,
    payload: JSON.stringify(mail.payload),
    status: OutboxStatus.pending,
    attempts: 0,
    next_attempt_at: now,
    last_error: mail.configured ? '' : NOT_CONFIGURED,
    created_at: now,
    updated_at: now,
    dedup_key: dedupKey ?? null,
  });
  if (!inserted) return '';
  workers.get(ctx)?.wake();
  return id;
}

/** Composes and queues an e-mail outside any transaction. */
export async function enqueueEmail(ctx: AppContext, db: Db, mail: { to: string; lang: string; template: MailTemplate; link?: string }): Promise<string> {
  return queueEmail(ctx, db, await composeEmail(ctx, mail));
}

const workers = new WeakMap<AppContext, MailWorker>();

/** Polls the outbox of one app context. */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private warnedUnconfigured = false;

  constructor(private readonly ctx: AppContext) {}

  /** Starts polling every second. */
  start(): void {
    this.stopped = false;
    this.schedule(POLL_MS);
  }

  /** Runs a pass now (after an enqueue), or right after the current one. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    closeTransport(this.ctx);
  }

  /** One pass: sends every due row (tests call this directly). */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce()
        .catch((err: unknown) => this.ctx.log.error({ err }, 'mail outbox pass failed'))
        .finally(() => {
          const next = this.again ? 0 : POLL_MS;
          this.again = false;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref?.();
  }

  private async pass(): Promise<void> {
    const db = this.ctx.database;
    if (!db || !this.ctx.installed) return;
    const smtp = await getSmtp(this.ctx);
    if (!isConfigured(smtp)) {
      const waiting = await repo.countPending(db, KIND, OutboxStatus.pending);
      if (waiting && !this.warnedUnconfigured) {
        this.warnedUnconfigured = true;
        this.ctx.log.warn(`mail is not configured: ${waiting} e-mail(s) wait in the outbox until SMTP settings are saved (admin > settings > SMTP)`);
        await repo.notePending(db, KIND, OutboxStatus.pending, NOT_CONFIGURED, nowSeconds());
      }
      return;
    }
    this.warnedUnconfigured = false;
    for (;;) {
      if (this.stopped) return;
      const now = nowSeconds();
      const due = await repo.findDue(db, KIND, now, OutboxStatus.pending, OutboxStatus.sending, now - LEASE_SECONDS, BATCH);
      if (!due.length) return;
      let sentAny = false;
      for (const row of due) {
        if (this.stopped) return;
        if (!(await repo.claim(db, row, OutboxStatus.sending, now))) continue;
        sentAny = true;
        await this.deliver(db, row, smtp);
      }
      if (!sentAny) return;
    }
  }

  private async deliver(db: Db, row: repo.OutboxRow, smtp: Awaited<ReturnType<typeof getSmtp>>): Promise<void> {
    const attempts = row.attempts + 1;
    let payload: EmailPayload;
    try {
      payload = JSON.parse(row.payload) as EmailPayload;
    } catch {
      await repo.finish(db, row.id, { status: OutboxStatus.failed, last_error: 'payload is not valid JSON' }, nowSeconds());
      return;
    }
    try {
      await sendMail(this.ctx, smtp, payload);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const failed = attempts >= MAX_ATTEMPTS;
      await repo.finish(db, row.id, failed ? { status: OutboxStatus.failed, last_error: message } : { status: OutboxStatus.pending, next_attempt_at: nowSeconds() + backoffSeconds(attempts), last_error: message }, nowSeconds());
      this.ctx.log.warn({ outbox_id: row.id, attempts, error: message }, failed ? 'e-mail failed for good' : 'e-mail send failed; will retry');
      return;
    }
    // Sent: drop the bodies (they carry one-time links) and keep who/what for the record.
    await repo.finish(db, row.id, { status: OutboxStatus.sent, last_error: '', payload: JSON.stringify({ to: payload.to, subject: payload.subject, template: payload.template }) }, nowSeconds());
  }
}

/**
 * Starts the outbox worker of an app and registers its stop in `ctx.onClose`.
 * @returns the worker (tests stop it to simulate a crash before sending)
 */
export function startMailWorker(ctx: AppContext, opts: { autostart?: boolean } = {}): MailWorker {
  const worker = new MailWorker(ctx);
  workers.set(ctx, worker);
  if (opts.autostart !== false) worker.start();
  ctx.onClose.push(() => worker.stop());
  return worker;
}

/** The worker of an app context, if started. */
export function mailWorker(ctx: AppContext): MailWorker | undefined {
  return workers.get(ctx);
}
