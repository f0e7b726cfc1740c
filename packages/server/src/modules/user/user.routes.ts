/** Account calls: register, login, logout, current user. */
import type { FastifyInstance } from 'fastify';
import { LoginEmailReq, RegisterEmailReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requestToken } from './auth.js';
import { presentCurrentUser } from './user.presenter.js';
import { endSession, login, register } from './user.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const strict = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  app.post('/answer/api/v1/user/register/email', strict, async (req) => {
    const input = parse(RegisterEmailReq, req.body);
    const { user, token } = await register(ctx, input, req.ip);
    return ok(req, presentCurrentUser(user, token));
  });

  app.post('/answer/api/v1/user/login/email', strict, async (req) => {
    const input = parse(LoginEmailReq, req.body);
    const { user, token } = await login(ctx, input, req.ip);
    return ok(req, presentCurrentUser(user, token));
  });

  app.get('/answer/api/v1/user/logout', async (req) => {
    const token = requestToken(req);
    if (token && ctx.installed) await endSession(ctx, token);
    return ok(req, null);
  });

  app.get('/answer/api/v1/user/info', async (req) => {
    const user = await currentUser(ctx, req);
    return ok(req, user ? presentCurrentUser(user, requestToken(req)) : null);
  });
}
