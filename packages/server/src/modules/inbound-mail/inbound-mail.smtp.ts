/**
 * The inbound SMTP server of reply by e-mail (smtp-server), off unless a port is configured
 * (`QUORUM_INBOUND_SMTP_PORT`, docs/OPERATIONS.md "Reply by e-mail"). No AUTH: it takes mail for the reply domain
 * only. Recipients are checked at RCPT (an unknown or forged reply address answers 550); the message size is
 * announced (SIZE) and a larger message answers 552; the message is then processed (inbound-mail.service.ts) before
 * the reply to DATA, so a refusal is a 550 with the reason (the sender's server bounces it to the member), a passing
 * failure a 451 (the sender's server retries, and the Message-ID claim keeps a retry from posting twice).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import { readAddress } from './inbound-mail.address.js';
import { MAX_MESSAGE_BYTES, processInbound } from './inbound-mail.service.js';
import { inboundSettings } from './inbound-mail.settings.js';
import { noteListening } from './inbound-mail.status.js';

/** A running inbound server. */
export interface InboundSmtp {
  /** The port it listens on (the chosen one, or the one the system gave for port 0). */
  port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string): Error & { responseCode: number } => Object.assign(new Error(message), { responseCode: code });

async function readStream(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the limit the rest is read and dropped (the client is still sending).
    if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks);
}

/**
 * Starts the inbound SMTP server of an app context.
 * @param opts.port 0 for any free port (tests); opts.host the address to bind (default all)
 * @returns the server, closed with the app (ctx.onClose)
 * @throws the listen error (port in use, no permission for a port below 1024)
 */
export async function startInboundSmtp(ctx: AppContext, opts: { port: number; host?: string }): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: undefined,
    banner: 'Quorum inbound mail',
    size: MAX_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    onRcptTo(address, _session, cb) {
      void (async () => {
        const s = await inboundSettings(ctx);
        if (!s.enabled || !s.reply_domain || !ctx.database) return cb(smtpError(550, translate('inbound_mail.refused.disabled', 'en_US')));
        const a = await readAddress(ctx.database, address.address, s.reply_domain);
        if (a.type === 'forged') {
          ctx.log.warn({ to: address.address }, 'inbound mail: reply address with a wrong signature refused');
          return cb(smtpError(550, translate('inbound_mail.refused.forged_address', 'en_US')));
        }
        if (a.type === 'unknown') return cb(smtpError(550, translate('inbound_mail.refused.unknown_address', 'en_US')));
        if (a.type === 'tag' && !s.new_questions) return cb(smtpError(550, translate('inbound_mail.refused.new_questions_off', 'en_US')));
        cb();
      })().catch((err: unknown) => {
        ctx.log.error({ err }, 'inbound mail: recipient check failed');
        cb(smtpError(451, translate('inbound_mail.refused.busy', 'en_US')));
      });
    },
    onData(stream, session: SMTPServerSession, cb) {
      void (async () => {
        const raw = await readStream(stream);
        if (!raw) {
          ctx.log.warn({ from: session.envelope.mailFrom && session.envelope.mailFrom.address }, 'inbound mail: message over the size limit refused');
          return cb(smtpError(552, translate('inbound_mail.refused.too_large', 'en_US', { max: Math.round(MAX_MESSAGE_BYTES / 1024) })));
        }
        const out = await processInbound(ctx, { raw, recipients: session.envelope.rcptTo.map((r) => r.address) });
        if (out.status === 'posted' || out.status === 'duplicate') return cb();
        if (out.status === 'retry') return cb(smtpError(451, out.text ?? 'try again later'));
        ctx.log.info({ reason: out.reason }, 'inbound mail: refused');
        cb(smtpError(550, out.text ?? 'refused'));
      })().catch((err: unknown) => {
        ctx.log.error({ err }, 'inbound mail: message processing failed');
        cb(smtpError(451, translate('inbound_mail.refused.busy', 'en_US')));
      });
    },
  });
  server.on('error', (err) => ctx.log.error({ err }, 'inbound mail: SMTP server error'));
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => noteListening(ctx, null)));
  noteListening(ctx, port);
  ctx.onClose.push(close);
  return { port, close };
}
