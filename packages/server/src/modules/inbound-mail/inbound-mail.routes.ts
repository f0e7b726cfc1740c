/**
 * POST /answer/api/v1/inbound-mail/webhook?token=: inbound mail posted by a provider (docs/API.md "Inbound mail").
 * Off (404) unless `QUORUM_INBOUND_WEBHOOK_TOKEN` is set; the token is compared in constant time. Answers 200
 * with `{status, reason}` for a message posted, already posted (a provider's retry: nothing is posted twice) or
 * refused (the member gets a bounce e-mail with the reason; an unknown or forged sender is dropped and logged), so
 * the provider does not retry those; 503 when it should retry later.
 *
 * GET /answer/admin/api/inbound-mail/status (administrators): how the SMTP server and the webhook are configured
 * (inbound-mail.status.ts), for the admin page; read-only.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { InboundMailWebhookReq } from '@quorum/contract';
import { AppError, notFound } from '../../core/errors.js';
import { requireAdmin } from '../../core/auth/index.js';
import { ok, parse } from '../../core/http.js';
import { queueBounce } from './inbound-mail.bounce.js';
import { MAX_MESSAGE_BYTES, processInbound } from './inbound-mail.service.js';
import { inboundStatus } from './inbound-mail.status.js';

/** The webhook's path (written out in the route below too, where the OpenAPI scan reads it). */
export const WEBHOOK_PATH = '/answer/api/v1/inbound-mail/webhook';

function tokenMatches(given: unknown): boolean {
  const want = process.env.QUORUM_INBOUND_WEBHOOK_TOKEN ?? '';
  if (!want || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Fastify plugin registering the webhook; services come from `app.quorum`. */
export async function inboundMailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  // The raw message travels as JSON text: room for escapes above the message limit.
  app.post('/answer/api/v1/inbound-mail/webhook', { bodyLimit: MAX_MESSAGE_BYTES * 2, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req) => {
    if (!tokenMatches((req.query as Record<string, unknown>).token)) throw notFound('base.not_found');
    const input = parse(InboundMailWebhookReq, req.body);
    if (Buffer.byteLength(input.raw) > MAX_MESSAGE_BYTES) return ok(req, { status: 'refused', reason: 'inbound_mail.refused.too_large' });
    const out = await processInbound(ctx, { raw: input.raw, recipients: input.recipient ? [input.recipient] : undefined, auth: { spf: input.spf, dkim: input.dkim, dmarc: input.dmarc } });
    if (out.status === 'retry') throw new AppError(503, 'inbound_mail.refused.busy');
    if (out.status === 'refused') {
      if (!(await queueBounce(ctx, out)) && !out.member) ctx.log.warn({ reason: out.reason }, 'inbound mail: webhook message dropped');
    }
    return ok(req, { status: out.status, reason: out.reason ?? '', post_id: out.postId ?? '' });
  });

  app.get('/answer/admin/api/inbound-mail/status', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, inboundStatus(ctx));
  });
}
