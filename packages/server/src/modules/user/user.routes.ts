/**
 * Account calls: register, login, logout, current user, and moving a stored token into the session cookie.
 * Every call that logs in also sets the web session cookies (core/session-cookie.ts); the token stays in the JSON
 * body for API clients and Answer's client, and is `""` for our own web client (`X-Quorum-Client: web`), whose
 * session is the HttpOnly cookie alone.
 */
import type { FastifyInstance } from 'fastify';
import { LoginEmailReq, RegisterEmailReq, SESSION_TTL_SECONDS } from '@quorum/contract';
import { unauthorized } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { bodyToken, clearSessionCookies, setSessionCookies } from '../../core/session-cookie.js';
import { currentUser, requestCredential, requireCookieCsrf, sessionSecondsLeft } from '../../core/auth/index.js';
import { presentCurrentUser } from './user.presenter.js';
import { endSession, login, register } from './user.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const strict = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  app.post('/answer/api/v1/user/register/email', strict, async (req, reply) => {
    const input = parse(RegisterEmailReq, req.body);
    const { user, token } = await register(ctx, input, req.ip);
    setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
    return ok(req, presentCurrentUser(user, bodyToken(req, token)));
  });

  app.post('/answer/api/v1/user/login/email', strict, async (req, reply) => {
    const input = parse(LoginEmailReq, req.body);
    const { user, token } = await login(ctx, input, req.ip, req.lang);
    setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
    return ok(req, presentCurrentUser(user, bodyToken(req, token)));
  });

  // A GET in Answer's API: with the cookie it needs the CSRF header too, or a link on another site could log out.
  app.get('/answer/api/v1/user/logout', async (req, reply) => {
    const { token, source } = requestCredential(req);
    if (source === 'cookie') await requireCookieCsrf(ctx, req);
    if (token && ctx.installed) await endSession(ctx, token);
    if (source === 'cookie') clearSessionCookies(req, reply);
    return ok(req, null);
  });

  // The token is echoed only to the caller that sent it in the header (and never to our web client): a cookie's
  // token stays out of scripts' reach.
  app.get('/answer/api/v1/user/info', async (req) => {
    const user = await currentUser(ctx, req);
    const { token, source } = requestCredential(req);
    return ok(req, user ? presentCurrentUser(user, source === 'header' ? bodyToken(req, token) : '') : null);
  });

  // Moves a browser that kept its token in localStorage (before the session cookie) onto the cookie: same session,
  // same expiry, no new login. Only the Authorization header counts here.
  app.post('/answer/api/v1/user/session/cookie', async (req, reply) => {
    const { token, source } = requestCredential(req);
    const secondsLeft = source === 'header' && ctx.installed ? await sessionSecondsLeft(ctx, token) : 0;
    if (secondsLeft <= 0) throw unauthorized();
    setSessionCookies(req, reply, token, secondsLeft);
    return ok(req, null);
  });
}
