/**
 * External user-center calls (spec §2 auth routes, §3 "External user-system agent", §7 "Connectors and user
 * center"; Answer's user_center_controller.go routes):
 * - GET /answer/api/v1/user-center/agent: `{enabled, agent_info}` (anyone)
 * - GET /answer/api/v1/user-center/login/redirect, /sign-up/redirect: 302 to the plugin's login address
 * - GET /answer/api/v1/user-center/login/callback, /sign-up/callback: the provider's return, in the browser that
 *   started the login (its state cookie; user-center.service.ts). 302 to /users/auth-landing?redirect=%2F with the
 *   session cookie set (logged in; no token ever travels in a URL), to /users/confirm-email?binding_key=... (an
 *   e-mail must be proven first), to / (a QR login confirmed on this phone for the browser that shows the code), or
 *   to /user-center/auth-failed?error=<kind>
 * - GET /answer/api/v1/user-center/user/settings (logged in): where profile and account settings live
 * - GET /answer/api/v1/user-center/personal/branding?username (anyone)
 * - GET /answer/admin/api/user-center/agent (admins): which user functions stay with the site
 * - every installed user-center plugin's own routes under /answer/api/v1 (e.g. WeCom's /wecom/login/url), answered
 *   in the Answer envelope while the plugin is on, 404 otherwise
 * Also a guard: password login and e-mail sign-up are refused while the enabled user center says
 * `enabled_original_user_system: false`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PluginRouteQuery, SESSION_TTL_SECONDS, UserCenterBrandingQuery } from '@quorum/contract';
import type { UserCenterRequest } from '@quorum/plugin-api';
import { ok, parse } from '../../core/http.js';
import { decisionPath } from '../../core/requestpath.js';
import { setSessionCookies } from '../../core/session-cookie.js';
import { requireAdmin, requireUser } from '../../core/auth/index.js';
import { LoginFailure, loginBrowser, siteBase } from '../connector/index.js';
import * as service from './user-center.service.js';

const V1 = '/answer/api/v1';

/** Anonymous calls of the user center that a private site still answers (app.ts PUBLIC_ON_PRIVATE_SITE). */
export function userCenterPublicPaths(): string[] {
  return [
    `${V1}/user-center/agent`,
    `${V1}/user-center/login/redirect`,
    `${V1}/user-center/sign-up/redirect`,
    `${V1}/user-center/login/callback`,
    `${V1}/user-center/sign-up/callback`,
    ...service.pluginRoutePaths().map((r) => `${V1}${r.path}`),
  ];
}

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

async function hookRequest(req: FastifyRequest, base: string): Promise<UserCenterRequest> {
  const query = parse(PluginRouteQuery, req.query ?? {});
  return { url: new URL(req.url, `${base}/`), query, body: req.method === 'POST' ? req.body : undefined, user_agent: String(req.headers['user-agent'] ?? '') };
}

/**
 * Adds the guard on password login and e-mail sign-up to the whole app. Called before the routes are registered
 * (a root hook applies to the routes registered after it).
 */
export function installUserCenterGuard(app: FastifyInstance): void {
  const ctx = app.quorum;
  const guarded = new Set([`${V1}/user/login/email`, `${V1}/user/register/email`]);
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'POST' || !ctx.installed || !guarded.has(decisionPath(req))) return;
    await service.assertOriginalUserSystem(ctx);
  });
}

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function userCenterRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const strict = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  // A QR page polls its check route every 2 s.
  const polled = { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };
  const failed = (reply: FastifyReply, err: unknown) => {
    if (err instanceof LoginFailure) return reply.redirect(`/user-center/auth-failed?error=${encodeURIComponent(err.kind)}`, 302);
    throw err;
  };

  app.get(`${V1}/user-center/agent`, async (req) => ok(req, await service.agent(ctx, await siteBase(ctx, origin(req)))));

  for (const kind of ['login', 'sign_up'] as const) {
    const segment = kind === 'login' ? 'login' : 'sign-up';
    app.get(`${V1}/user-center/${segment}/redirect`, strict, async (_req, reply) => {
      try {
        return reply.redirect(await service.redirectTarget(ctx, kind), 302);
      } catch (err) {
        return failed(reply, err);
      }
    });
    app.get(`${V1}/user-center/${segment}/callback`, strict, async (req, reply) => {
      try {
        const base = await siteBase(ctx, origin(req));
        const out = await service.finishCallback(ctx, base, kind, await hookRequest(req, base), loginBrowser(req, reply));
        if (out.kind === 'logged_in') {
          setSessionCookies(req, reply, out.token, SESSION_TTL_SECONDS);
          return reply.redirect(`/users/auth-landing?redirect=${encodeURIComponent(out.returnTo || '/')}`, 302);
        }
        if (out.kind === 'confirm_email') return reply.redirect(`/users/confirm-email?binding_key=${encodeURIComponent(out.bindingKey)}${out.noEmail ? '&no_email=1' : ''}`, 302);
        return reply.redirect('/', 302);
      } catch (err) {
        return failed(reply, err);
      }
    });
  }

  app.get(`${V1}/user-center/user/settings`, async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await service.userSettings(ctx, await siteBase(ctx, origin(req)), user.id));
  });

  app.get(`${V1}/user-center/personal/branding`, async (req) => {
    const q = parse(UserCenterBrandingQuery, req.query);
    return ok(req, await service.personalBranding(ctx, await siteBase(ctx, origin(req)), q.username));
  });

  app.get('/answer/admin/api/user-center/agent', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await service.adminAgent(ctx));
  });

  for (const { method, path } of service.pluginRoutePaths()) {
    app.route({
      method,
      url: `${V1}${path}`,
      ...polled,
      handler: async (req, reply) => {
        const base = await siteBase(ctx, origin(req));
        const out = await service.runRoute(ctx, base, method, path, await hookRequest(req, base), loginBrowser(req, reply));
        if (out.token) setSessionCookies(req, reply, out.token, SESSION_TTL_SECONDS);
        return ok(req, out.data);
      },
    });
  }
}
