/**
 * SMTP transport through nodemailer, one per app context, rebuilt when the settings change.
 * Encryption: 'SSL' implicit TLS (usually port 465); 'TLS' STARTTLS required (usually 587); '' plain,
 * upgraded with STARTTLS when the server offers it.
 */
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../../core/context.js';
import type { SmtpSettings } from './smtp.js';

const transports = new WeakMap<AppContext, { key: string; transport: Transporter }>();

/** nodemailer, loaded with the first message (a worker that sends none never holds it). */
const mailer = () => import('nodemailer').then((m) => m.default);

async function transportFor(ctx: AppContext, s: SmtpSettings): Promise<Transporter> {
  const key = JSON.stringify(s);
  const hit = transports.get(ctx);
  if (hit && hit.key === key) return hit.transport;
  hit?.transport.close();
  const transport = (await mailer()).createTransport({
    host: s.smtp_host,
    port: s.smtp_port,
    secure: s.encryption === 'SSL',
    requireTLS: s.encryption === 'TLS',
    auth: s.smtp_authentication ? { user: s.smtp_username, pass: s.smtp_password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  });
  transports.set(ctx, { key, transport });
  return transport;
}

/**
 * Sends one message.
 * @throws the transport's error (connection refused, authentication failed, recipient refused ...)
 */
export async function sendMail(ctx: AppContext, s: SmtpSettings, mail: { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<void> {
  await (await transportFor(ctx, s)).sendMail({
    from: { name: s.from_name, address: s.from_email },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
}

/** Closes the pooled connection of an app context (at shutdown). */
export function closeTransport(ctx: AppContext): void {
  transports.get(ctx)?.transport.close();
  transports.delete(ctx);
}
