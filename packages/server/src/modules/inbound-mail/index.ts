/**
 * Reply by e-mail (issue #37 item 2): signed reply addresses on notification e-mails, an inbound SMTP server and a
 * webhook for providers that post inbound mail; a reply becomes an answer or comment of the member, a mail to a
 * tag's address a new question (inbound-mail.service.ts). `startInboundMail` starts the SMTP server when
 * `QUORUM_INBOUND_SMTP_PORT` is set (host `QUORUM_INBOUND_SMTP_HOST`, default all addresses).
 */
import type { AppContext } from '../../core/context.js';
import { startInboundSmtp } from './inbound-mail.smtp.js';
import { configuredSmtpPort } from './inbound-mail.status.js';

export { replyHeaders, replyTargetOf, type ReplyableEvent } from './inbound-mail.replyto.js';
export { replyAddress, tagAddress, readAddress, type ReplyTarget } from './inbound-mail.address.js';
export { startInboundSmtp, type InboundSmtp } from './inbound-mail.smtp.js';
export { processInbound, MAX_MESSAGE_BYTES, CLAIM_LEASE_SECONDS, type InboundOutcome } from './inbound-mail.service.js';
export { inboundMailRoutes, WEBHOOK_PATH } from './inbound-mail.routes.js';
export { inboundStatus, type InboundStatus } from './inbound-mail.status.js';

/**
 * Starts the inbound SMTP server when its port is configured (env `QUORUM_INBOUND_SMTP_PORT`); a port that cannot
 * be bound is logged and the site runs without it.
 */
export function startInboundMail(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): void {
  const raw = env.QUORUM_INBOUND_SMTP_PORT?.trim();
  if (!raw) return;
  const port = configuredSmtpPort(env);
  if (port === null) {
    ctx.log.error(`QUORUM_INBOUND_SMTP_PORT must be a port number; got "${raw}": inbound mail is off`);
    return;
  }
  startInboundSmtp(ctx, { port, host: env.QUORUM_INBOUND_SMTP_HOST?.trim() || undefined }).then(
    (s) => ctx.log.info(`inbound mail: SMTP server on port ${s.port}`),
    (err: unknown) => ctx.log.error({ err }, 'inbound mail: the SMTP server could not start'),
  );
}
