/**
 * One-click unsubscribe of notification e-mails (RFC 8058): the `List-Unsubscribe` header of every notification
 * and digest e-mail points here with the signed code of its link.
 * - POST `/answer/api/v1/notification/mail/unsubscribe?code=` (body `List-Unsubscribe=One-Click`, form-encoded,
 *   as mail clients send it): switches the option off; no login, no CSRF token (the signed code is the proof).
 *   Answers 200 `{code: 200, data: null}`, or 403 `url_expired` for a code that is not valid.
 * - GET on the same address (a person opening the header's link, a scanner prefetching it) changes nothing and
 *   redirects to the confirming page `/users/unsubscribe?code=`.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/http.js';
import { unsubscribe } from '../user/index.js';
import { ONE_CLICK_PATH } from './recipients.js';

const codeOf = (query: unknown): string => {
  const code = (query as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.slice(0, 200) : '';
};

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function notifyMailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  // Mail clients post `List-Unsubscribe=One-Click` form-encoded; the body carries nothing else we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, String(body)));

  app.post(ONE_CLICK_PATH, async (req) => {
    await unsubscribe(ctx, codeOf(req.query));
    return ok(req, null);
  });

  app.get(ONE_CLICK_PATH, async (req, reply) => reply.redirect(`/users/unsubscribe?code=${encodeURIComponent(codeOf(req.query))}`, 302));
}
