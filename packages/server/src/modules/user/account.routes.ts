/**
 * Account calls by e-mail link and captcha (spec §7 "Auth and account"): activation, password reset and change,
 * e-mail change, action record (captcha).
 */
import type { FastifyInstance } from 'fastify';
import { ActionRecordQuery, CaptchaReq, ChangeEmailCodeReq, CodeReq, ModifyPasswordReq, PasswordReplacementReq, PasswordResetReq, SESSION_TTL_SECONDS } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { bodyToken, setSessionCookies } from '../../core/session-cookie.js';
import { requestToken, requireUnsuspendedUser } from '../../core/auth/index.js';
import { actionRecord, activateAccount, changePassword, confirmEmailChange, replacePassword, requestEmailChange, requestPasswordReset, resendActivation } from './account.service.js';
import { presentCurrentUser } from './user.presenter.js';

const withQuery = (req: { body: unknown; query: unknown }): Record<string, unknown> => ({ ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) });

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const strict = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  // Activation logs in: the new session also goes into the web session cookie (and only there for our web client).
  app.post('/answer/api/v1/user/email/verification', strict, async (req, reply) => {
    const { code } = parse(CodeReq, withQuery(req));
    const { user, token } = await activateAccount(ctx, code);
    setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
    return ok(req, presentCurrentUser(user, bodyToken(req, token)));
  });

  app.post('/answer/api/v1/user/email/verification/send', strict, async (req) => {
    const user = await requireUnsuspendedUser(ctx, req);
    await resendActivation(ctx, user, parse(CaptchaReq, withQuery(req)), req.ip);
    return ok(req, null);
  });

  app.post('/answer/api/v1/user/password/reset', strict, async (req) => {
    await requestPasswordReset(ctx, parse(PasswordResetReq, req.body), req.ip);
    return ok(req, null);
  });

  app.post('/answer/api/v1/user/password/replacement', strict, async (req) => {
    await replacePassword(ctx, parse(PasswordReplacementReq, req.body));
    return ok(req, null);
  });

  app.put('/answer/api/v1/user/password', strict, async (req) => {
    const user = await requireUnsuspendedUser(ctx, req);
    await changePassword(ctx, user, parse(ModifyPasswordReq, req.body), requestToken(req));
    return ok(req, null);
  });

  app.post('/answer/api/v1/user/email/change/code', strict, async (req) => {
    const user = await requireUnsuspendedUser(ctx, req);
    await requestEmailChange(ctx, user, parse(ChangeEmailCodeReq, req.body), req.ip);
    return ok(req, null);
  });

  app.put('/answer/api/v1/user/email', strict, async (req) => {
    await confirmEmailChange(ctx, parse(CodeReq, req.body).code);
    return ok(req, null);
  });

  app.get('/answer/api/v1/user/action/record', async (req) => {
    const { action, accept } = parse(ActionRecordQuery, req.query);
    return ok(req, await actionRecord(ctx, action, req.ip, accept?.split(',') ?? []));
  });
}
