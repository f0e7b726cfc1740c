/**
 * A third-party login bound to the browser that started it (RFC 6749 §10.12, "Cross-Site Request Forgery": the
 * client binds the `state` to the user agent's authenticated state). Without it, a callback URL an attacker obtained
 * for their own provider account, opened in a visitor's browser, logs the visitor into the attacker's account
 * (login CSRF), or links the attacker's provider account to the visitor's.
 *
 * When a login starts, the server sets a cookie in the starting browser: HttpOnly (no script reads it),
 * SameSite=Lax (sent on the provider's top-level redirect back, not on cross-site sub-requests), Secure over HTTPS,
 * its Path limited to the callback path, its Max-Age the state's lifetime. The callback is refused like an unknown
 * state when the cookie is missing or does not match (and then touches neither the attempt nor the cookie, which
 * belong to another login); a callback that matches uses the state up and clears the cookie.
 * - connectors (connector.service.ts): `quorum_login_state` carries the state itself, on
 *   /answer/api/v1/connector/redirect/{slug};
 * - user-center plugins (modules/user-center): `quorum_uc_state` carries a random value whose SHA-256 is kept with
 *   the state, on /answer/api/v1/user-center/ (the login and sign-up callbacks); a QR login also binds its poll
 *   route with `quorum_uc_poll` (same value, on that route's path).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cookie of a connector attempt: the attempt's state. */
export const CONNECTOR_STATE_COOKIE = 'quorum_login_state';
/** Cookie of a user-center login: a random value whose hash is stored with the state. */
export const USER_CENTER_STATE_COOKIE = 'quorum_uc_state';
/** Cookie of a QR login's polling browser: the same value, on the poll route's path. */
export const USER_CENTER_POLL_COOKIE = 'quorum_uc_poll';

/** The cookies of one browser as the login services use them (the routes make it from the request and reply). */
export interface LoginBrowser {
  /** the value of a cookie the browser sent, '' when none */
  read(name: string): string;
  /** sets a login cookie: HttpOnly, SameSite=Lax, Secure over HTTPS, on `path`, for `seconds` (whole, at least 1) */
  bind(name: string, value: string, path: string, seconds: number): void;
  /** clears a login cookie set on `path` (the browser forgets it) */
  clear(name: string, path: string): void;
}

/** The LoginBrowser of one request: reads `req.cookies`, sets and clears on `reply` (@fastify/cookie). */
export function loginBrowser(req: FastifyRequest, reply: FastifyReply): LoginBrowser {
  const secure = req.protocol === 'https';
  return {
    read: (name) => (req.cookies?.[name] ?? '').trim(),
    bind: (name, value, path, seconds) => void reply.setCookie(name, value, { path, httpOnly: true, sameSite: 'lax', secure, maxAge: Math.max(1, Math.floor(seconds)) }),
    clear: (name, path) => void reply.clearCookie(name, { path, httpOnly: true, sameSite: 'lax', secure }),
  };
}

/** Hex SHA-256 of a string (how states and cookie values are kept in the database). */
export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** A fresh random value: 256 bits, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when two secrets are equal and not empty, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y);
}
