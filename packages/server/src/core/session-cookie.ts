/**
 * The web session cookie and its CSRF token (DESIGN.md "web session": an HttpOnly SameSite cookie for our own web
 * client, CSRF-checked writes; the `Authorization` header for API clients and Answer's client).
 *
 * - `quorum_session`: the session token itself. HttpOnly (no script can read it, so an XSS cannot steal the
 *   session), SameSite=Lax (not sent on cross-site sub-requests and form posts), Path=/, Secure when the request
 *   came over HTTPS as `req.protocol` tells, Max-Age = the session's remaining lifetime.
 * - `quorum_csrf`: readable by scripts of the site, same lifetime. Its value is an HMAC of the session token, so
 *   it names that one session and a page of another site can neither read nor compute it. The web client echoes
 *   it in the `X-CSRF-Token` header; the server compares the header with the HMAC of the session cookie (never
 *   with the csrf cookie, which a sibling domain could plant).
 *
 * Our own web client says so on every call with the header `X-Quorum-Client: web` (WEB_CLIENT_HEADER). To such a
 * request the session is only ever the HttpOnly cookie: a call that logs in answers `access_token: ""` (the field
 * stays, so the response keeps the shape Answer's clients expect), and no JSON envelope sent to it carries a
 * session token in `data.access_token` (installCookies strips any, whichever module's route answered), so a script
 * of the page (a hostile custom head, an XSS) that reads the responses cannot copy the session. Requests without
 * the header (API clients, Answer's own web client) get the token in the body as before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';

/** Cookie holding the session token (HttpOnly). */
export const SESSION_COOKIE = 'quorum_session';
/** Cookie holding the CSRF token (readable by the site's scripts). */
export const CSRF_COOKIE = 'quorum_csrf';
/** Request header that must carry the CSRF token on cookie-authenticated writes (lower case, as Node keeps it). */
export const CSRF_HEADER = 'x-csrf-token';
/** Request header by which our own web client names itself (lower case, as Node keeps it). */
export const WEB_CLIENT_HEADER = 'x-quorum-client';
/** The value of WEB_CLIENT_HEADER our web client sends. */
export const WEB_CLIENT_VALUE = 'web';

// Domain separation: the CSRF token is never the session table's key (a plain SHA-256 of the token).
const CSRF_KEY = 'quorum.csrf.v1';

/**
 * Registers cookie parsing (`req.cookies`) and `reply.setCookie` for the whole app, and the guard that keeps
 * session tokens out of the JSON our web client reads: for a request of the web client (isWebClient), an envelope
 * whose `data` holds a non-empty string `access_token` is sent with `access_token: ""` instead. Routes that log in
 * blank it themselves (bodyToken); this catches any route that does not (e.g. a plugin's or a connector's).
 */
export async function installCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => (isWebClient(req) ? withoutAccessToken(payload) : payload));
}

/** True when the request comes from our own web client: it sent `X-Quorum-Client: web` (case-insensitive value). */
export function isWebClient(req: FastifyRequest): boolean {
  const sent = req.headers[WEB_CLIENT_HEADER];
  return typeof sent === 'string' && sent.trim().toLowerCase() === WEB_CLIENT_VALUE;
}

/**
 * The session token a response body may carry for this request: '' for our web client (its session is the HttpOnly
 * cookie only), the token itself for everyone else (API clients, Answer's web client).
 * @param token the raw session token the call opened
 */
export function bodyToken(req: FastifyRequest, token: string): string {
  return isWebClient(req) ? '' : token;
}

/** An envelope `{..., data: {access_token}}` with the token blanked; anything else unchanged. */
function withoutAccessToken(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const data = (payload as { data?: unknown }).data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return payload;
  const token = (data as { access_token?: unknown }).access_token;
  if (typeof token !== 'string' || !token) return payload;
  return { ...payload, data: { ...data, access_token: '' } };
}

/** The CSRF token of a session token: base64url HMAC-SHA256, 43 characters. */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', CSRF_KEY).update(sessionToken).digest('base64url');
}

/** The session token of the request's cookie, or '' when none was sent. */
export function sessionCookieToken(req: FastifyRequest): string {
  return (req.cookies?.[SESSION_COOKIE] ?? '').trim();
}

/** True when the request's `X-CSRF-Token` header is the CSRF token of `sessionToken` (constant-time compare). */
export function csrfHeaderMatches(req: FastifyRequest, sessionToken: string): boolean {
  const sent = req.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sent) return false;
  const want = Buffer.from(csrfTokenFor(sessionToken));
  const got = Buffer.from(sent.trim());
  return got.length === want.length && timingSafeEqual(got, want);
}

/** True for methods that change something (POST, PUT, PATCH, DELETE): the ones a CSRF token must guard. */
export function isWriteMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Sets both cookies for a session.
 * @param token the raw session token
 * @param maxAgeSeconds the session's remaining lifetime in seconds (7 days for a new session)
 */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: req.protocol === 'https', maxAge: Math.max(0, Math.floor(maxAgeSeconds)) };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(token), { ...base, httpOnly: false });
}

/** Clears both cookies (logout, or a cookie whose session is over). */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: req.protocol === 'https' };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { ...base, httpOnly: false });
}
