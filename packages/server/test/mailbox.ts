/**
 * Test support: a real SMTP receiver (smtp-server) on 127.0.0.1 with a random port; received messages are parsed
 * with mailparser. Point a site at it with `useMailbox(app, box)` (PUT /admin/api/setting/smtp as the admin).
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { adminToken, call } from './dialects.js';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name (the last one of a repeated header), unfolded. */
  headers: Record<string, string>;
}

export interface Mailbox {
  port: number;
  messages: ReceivedMail[];
  /** Waits until a message for `to` (and matching `subject`, when given) arrives; returns it. */
  waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  /** Makes the server refuse every message with a temporary error (retry tests). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** Starts a receiver. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => {
          const err = new Error('try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          cb(err);
        });
        return;
      }
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : m.to?.text ?? '';
          const headers = Object.fromEntries(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]));
          messages.push({ from: m.from?.text ?? '', to, subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '', headers });
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const hit = messages.slice(opts.after ?? 0).find((m) => m.to.includes(to) && (!opts.subject || opts.subject.test(m.subject)));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no e-mail for ${to} within the time limit; got: ${messages.map((m) => `${m.to} "${m.subject}"`).join('; ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Saves SMTP settings pointing at the receiver (no encryption, no authentication). */
export async function useMailbox(app: FastifyInstance, box: Mailbox, token?: string): Promise<void> {
  const t = token ?? (await adminToken(app));
  const r = await call(app, 'PUT', '/answer/admin/api/setting/smtp', {
    token: t,
    body: { from_email: 'noreply@example.com', from_name: 'Test Site', smtp_host: '127.0.0.1', smtp_port: box.port, encryption: '', smtp_authentication: false, smtp_username: '', smtp_password: '' },
  });
  if (r.status !== 200) throw new Error(`smtp settings: ${r.status} ${JSON.stringify(r.body)}`);
}

/** The `code` query parameter of the first link in a mail's text. */
export function codeFromMail(mail: ReceivedMail): string {
  const m = /https?:\/\/\S+[?&]code=([^\s&]+)/.exec(mail.text);
  if (!m) throw new Error(`no link with a code in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}
