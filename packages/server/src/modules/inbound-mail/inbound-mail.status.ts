/**
 * What the admin page of reply by e-mail shows beside the settings (GET /answer/admin/api/inbound-mail/status):
 * how the operator configured the ways in, read from the environment (docs/OPERATIONS.md "Reply by e-mail"), and
 * whether this node's SMTP server is listening. Nothing here can be changed from the site.
 */
import type { AppContext } from '../../core/context.js';
import { WEBHOOK_PATH } from './inbound-mail.routes.js';

/** The status shape. `smtp.port` is the configured port (null when unset or not a port number). */
export interface InboundStatus {
  smtp: { configured: boolean; port: number | null; host: string; listening: boolean; listening_port: number | null };
  webhook: { configured: boolean; path: string };
}

const listening = new WeakMap<AppContext, number>();

/** Records that this node's inbound SMTP server listens on `port` (null: it closed). Called by inbound-mail.smtp.ts. */
export function noteListening(ctx: AppContext, port: number | null): void {
  if (port === null) listening.delete(ctx);
  else listening.set(ctx, port);
}

/** The configured port of `QUORUM_INBOUND_SMTP_PORT`, or null when unset or not a port number (0-65535). */
export function configuredSmtpPort(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.QUORUM_INBOUND_SMTP_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : null;
}

/** The status of the ways in (env `QUORUM_INBOUND_SMTP_PORT`, `QUORUM_INBOUND_SMTP_HOST`, `QUORUM_INBOUND_WEBHOOK_TOKEN`). */
export function inboundStatus(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): InboundStatus {
  const port = configuredSmtpPort(env);
  const live = listening.get(ctx);
  return {
    smtp: { configured: port !== null, port, host: env.QUORUM_INBOUND_SMTP_HOST?.trim() ?? '', listening: live !== undefined, listening_port: live ?? null },
    webhook: { configured: !!env.QUORUM_INBOUND_WEBHOOK_TOKEN, path: WEBHOOK_PATH },
  };
}
