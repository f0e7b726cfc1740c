/**
 * Maintenance mode (issue "Maintenance mode"; spec §2 `/maintenance`, 'Website Maintenance'). While the general
 * setting `maintenance` is on, visitors and members are held: pages answer 503 with the maintenance page (see
 * modules/ssr) and API calls 503 `base.maintenance`, both with `Retry-After`. Administrators keep working.
 * What stays open for everyone, so an administrator can sign in and the client can show the page: site info,
 * languages, the current user, login and logout, captcha, CSP reports, the installer, static files.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { currentUser } from '../../core/auth/index.js';
import { translate } from '../../core/i18n.js';
import { decisionPath, normalisePath } from '../../core/requestpath.js';
import { getSettings } from '../siteinfo/index.js';

/** Seconds a held client is asked to wait before retrying (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 300;

/** API calls open during maintenance: exact paths, or prefixes when ending in '/'. */
const OPEN_API = [
  '/answer/api/v1/siteinfo',
  '/answer/api/v1/siteinfo/legal',
  '/answer/api/v1/language/',
  '/answer/api/v1/user/info',
  '/answer/api/v1/user/login/email',
  '/answer/api/v1/user/logout',
  '/answer/api/v1/user/action/record',
  '/answer/api/v1/user/session/cookie',
  '/answer/api/v1/plugin/status',
  '/answer/api/v1/csp-report',
  '/installation/',
];

/** Pages open during maintenance: the login page (administrators sign in there) and the installer. */
const OPEN_PAGE = /^\/(?:users\/login|install)(?:[/?]|$)/;

/** What a request addresses, for the maintenance decision. */
export type RequestKind = 'api' | 'page' | 'other';

/** Classifies a request path: API calls, HTML pages, or anything else (assets, uploads, feeds, custom.css). */
export function requestKind(pathOnly: string): RequestKind {
  if (pathOnly.startsWith('/answer/') || pathOnly.startsWith('/installation/')) return 'api';
  if (/^\/(?:assets|uploads|branding)\//.test(pathOnly) || /\.(?:css|js|xml|txt|ico|png|webmanifest|json)$/.test(pathOnly)) return 'other';
  return 'page';
}

/**
 * True when this request must get the maintenance answer: maintenance is on, the caller is not an
 * administrator, and the address is not one of the open ones. The kind and the open API calls are decided on the
 * route that matched (core/requestpath.ts `decisionPath`), the open pages on the normalised path (a page route's
 * pattern, `/users/:username`, does not say whether it is the login page); never on the raw URL.
 */
export async function isHeld(ctx: AppContext, req: FastifyRequest): Promise<boolean> {
  if (!ctx.installed) return false;
  if (!(await getSettings(ctx)).general.maintenance) return false;
  const matched = decisionPath(req);
  const kind = requestKind(matched);
  if (kind === 'other') return false;
  if (kind === 'api' && OPEN_API.some((p) => (p.endsWith('/') ? matched.startsWith(p) : matched === p))) return false;
  if (kind === 'page' && OPEN_PAGE.test(normalisePath(req.url))) return false;
  const user = await currentUser(ctx, req).catch(() => undefined);
  return user?.role_id !== Role.admin;
}

/**
 * Installs the API half of maintenance mode on the root app (the page half is in modules/ssr, which renders
 * the maintenance page): a held API call answers 503 `{code: 503, reason: 'base.maintenance'}` with Retry-After.
 */
export function installMaintenance(app: FastifyInstance): void {
  const ctx = app.quorum;
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (requestKind(decisionPath(req)) !== 'api' || !(await isHeld(ctx, req))) return;
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ code: 503, reason: 'base.maintenance', msg: translate('base.maintenance', req.lang), data: null });
  });
}
