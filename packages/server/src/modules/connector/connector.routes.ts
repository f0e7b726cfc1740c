/**
 * Connector calls (spec §7 "Connectors and user center"; Answer's connector_controller.go):
 * - GET /connector/login/{name}?redirect=/path (or ?state= from /connector/user/info): 302 to the provider, the
 *   attempt's state cookie set (login-browser.ts)
 * - GET /connector/redirect/{name}: the provider's callback, in the browser that started the attempt. 302 to /users/auth-landing?redirect=... with the
 *   session cookie set (logged in), to /users/settings/account (linked from settings), to
 *   /users/confirm-email?binding_key=... (an e-mail must be proven first; `&no_email=1` when the provider gave
 *   none), or to /users/auth-landing?error=<kind> (refused). No token ever travels in a URL: the web session is
 *   the HttpOnly cookie, set exactly as e-mail login sets it.
 * - GET /connector/info: the enabled connectors `[{name, icon (base64 SVG), link}]` for the login and sign-up pages
 *   (a connector whose button hook throws is left out; the error is kept as its last error)
 * - POST /connector/binding/email `{binding_key, email, must}` -> `{access_token, email_exist_and_must_be_confirmed}`
 * - POST /connector/binding/confirm `{code}` (the binding e-mail's link) -> `{redirect}`, logged in
 * - GET /connector/user/info, DELETE /connector/user/unbinding `{external_id}` (logged in): account settings
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConnectorBindingConfirmReq, ConnectorBindingEmailReq, ConnectorUnbindingReq, SESSION_TTL_SECONDS } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { setSessionCookies } from '../../core/session-cookie.js';
import { requireUser } from '../../core/auth/index.js';
import { enqueueEmail } from '../mail/index.js';
import { enabledPlugins, loginPluginReady } from '../plugin/index.js';
import { getUser, mailLanguage, sendCodeMail } from '../user/index.js';
import * as service from './connector.service.js';
import { loginBrowser } from './login-browser.js';
import { requireDb } from '../../core/context.js';

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function landing(error: string): string {
  return `/users/auth-landing?error=${encodeURIComponent(error)}`;
}

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function connectorRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const strict = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  const fail = (reply: FastifyReply, err: unknown) => {
    if (err instanceof service.LoginFailure) return reply.redirect(landing(err.kind), 302);
    throw err;
  };

  app.get<{ Params: { name: string }; Querystring: { redirect?: string; state?: string } }>('/answer/api/v1/connector/login/:name', strict, async (req, reply) => {
    try {
      const base = await service.siteBase(ctx, origin(req));
      const url = await service.startLogin(ctx, req.params.name, base, { state: req.query.state, returnTo: req.query.redirect }, loginBrowser(req, reply));
      return reply.redirect(url, 302);
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get<{ Params: { name: string } }>('/answer/api/v1/connector/redirect/:name', strict, async (req, reply) => {
    try {
      const base = await service.siteBase(ctx, origin(req));
      const out = await service.finishLogin(ctx, req.params.name, base, new URL(req.url, `${origin(req)}/`), loginBrowser(req, reply));
      if (out.kind === 'logged_in') {
        setSessionCookies(req, reply, out.token, SESSION_TTL_SECONDS);
        return reply.redirect(`/users/auth-landing?redirect=${encodeURIComponent(out.returnTo || '/')}`, 302);
      }
      if (out.kind === 'bound') return reply.redirect(out.returnTo, 302);
      if (out.kind === 'confirm_email') return reply.redirect(`/users/confirm-email?binding_key=${encodeURIComponent(out.bindingKey)}${out.noEmail ? '&no_email=1' : ''}`, 302);
      return reply.redirect('/', 302);
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/answer/api/v1/connector/info', async (req) => {
    if (!ctx.installed) return ok(req, []);
    const base = await service.siteBase(ctx, origin(req));
    // A button that cannot work (required settings empty) is never offered.
    const list = (await enabledPlugins(ctx, 'connector')).filter((p) => p.plugin.connector && loginPluginReady(p));
    const out = [];
    for (const active of list) {
      const shown = await service.connectorButton(ctx, active);
      if (shown) out.push({ name: shown.name, icon: service.svgData(shown.icon_svg), link: service.loginLink(base, active.plugin.manifest.slug_name) });
    }
    return ok(req, out);
  });

  app.post('/answer/api/v1/connector/binding/email', strict, async (req, reply) => {
    const input = parse(ConnectorBindingEmailReq, req.body);
    const base = await service.siteBase(ctx, origin(req));
    const result = await service.bindingEmail(
      ctx,
      input,
      base,
      async (userId, to, link) => {
        const user = await getUser(ctx, userId);
        await enqueueEmail(ctx, requireDb(ctx), { to, lang: await mailLanguage(ctx, user), template: 'activation', link });
      },
      async (userId) => {
        const user = await getUser(ctx, userId);
        await sendCodeMail(ctx, user, 'activate', user.e_mail);
      },
    );
    if (result.access_token) setSessionCookies(req, reply, result.access_token, SESSION_TTL_SECONDS);
    return ok(req, result);
  });

  app.post('/answer/api/v1/connector/binding/confirm', strict, async (req, reply) => {
    const input = parse(ConnectorBindingConfirmReq, req.body);
    const { token, returnTo } = await service.confirmBinding(ctx, input.code);
    setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
    return ok(req, { redirect: returnTo || '/' });
  });

  app.get('/answer/api/v1/connector/user/info', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const base = await service.siteBase(ctx, origin(req));
    // A button that cannot work (required settings empty) is never offered.
    const list = (await enabledPlugins(ctx, 'connector')).filter((p) => p.plugin.connector && loginPluginReady(p));
    return ok(req, await service.memberConnectors(ctx, user.id, list, base, loginBrowser(req, reply)));
  });

  app.delete('/answer/api/v1/connector/user/unbinding', async (req) => {
    const user = await requireUser(ctx, req);
    const input = parse(ConnectorUnbindingReq, req.body);
    await service.unbind(ctx, user.id, input.external_id);
    return ok(req, null);
  });
}
