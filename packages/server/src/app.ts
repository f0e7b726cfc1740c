/**
 * Builds the Fastify application (no listen: tests call `inject`). Request flow: onRequest (language,
 * security headers) -> route (validate with the contract's zod schema -> guard -> service -> repository)
 * -> envelope; errors go through the one error handler in core/http.ts.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { resolveDataDir } from './config/config.js';
import type { AppContext } from './core/context.js';
import { unauthorized } from './core/errors.js';
import { TurnQueue } from './core/turns.js';
import { installHttpCore, frameworkErrorHandler, pageErrors } from './core/http.js';
import { decisionPath, MAX_PARAM_LENGTH } from './core/requestpath.js';
import { installCookies } from './core/session-cookie.js';
import { joinCacheInvalidation, warnIfPerNode } from './core/redis.js';
import { rateLimitStore } from './core/counters.js';
import { installCompression } from './core/compression.js';
import { installListEtags } from './core/etag.js';
import { answerRoutes } from './modules/answer/index.js';
import { privilegeRoutes } from './modules/privilege/index.js';
import { reasonRoutes } from './modules/reason/index.js';
import { revisionRoutes } from './modules/revision/revision.routes.js';
import { reportRoutes } from './modules/report/index.js';
import { reviewRoutes } from './modules/review/index.js';
import { voteRoutes } from './modules/vote/index.js';
import { collectionRoutes } from './modules/collection/index.js';
import { commentRoutes } from './modules/comment/index.js';
import { fileRoutes } from './modules/file/index.js';
import { followRoutes } from './modules/follow/index.js';
import { inviteRoutes } from './modules/invite/index.js';
import { notificationRoutes } from './modules/notification/index.js';
import { personalRoutes } from './modules/personal/index.js';
import { reactionRoutes } from './modules/reaction/index.js';
import { timelineRoutes } from './modules/timeline/index.js';
import { installRoutes, loadInstalledState } from './modules/install/index.js';
import { languageRoutes } from './modules/language/language.routes.js';
import { pluginRoutes } from './modules/plugin/plugin.routes.js';
import { captchaRoutes } from './modules/captcha/index.js';
import { connectorRoutes } from './modules/connector/index.js';
import { ldapRoutes } from './modules/ldap/index.js';
import { samlRoutes } from './modules/saml/index.js';
import { groupRoutes, startGroupRules } from './modules/group/index.js';
import { installUserCenterGuard, userCenterPublicPaths, userCenterRoutes } from './modules/user-center/index.js';
import { postRoutes } from './modules/post/post.routes.js';
import { questionRoutes, recommendRoutes, startViewFlusher } from './modules/question/index.js';
import { badgeRoutes } from './modules/badge/index.js';
import { liveRoutes } from './modules/live/index.js';
import { customizeRoutes } from './modules/customize/index.js';
import { installMaintenance } from './modules/maintenance/index.js';
import { sitemapRoutes } from './modules/sitemap/index.js';
import { feedRoutes } from './modules/feed/index.js';
import { searchRoutes } from './modules/search/index.js';
import { getSettings, invalidateSettings, siteinfoAdminRoutes, siteinfoRoutes } from './modules/siteinfo/index.js';
import { CLIENT_DIR, ssrRoutes } from './modules/ssr/index.js';
import { tagRoutes } from './modules/tag/index.js';
import { closeVoteRoutes } from './modules/close-vote/index.js';
import { stagingRoutes } from './modules/staging/index.js';
import { accountRoutes, configureAccountLimits, currentUser, startAccountHousekeeping, userRoutes, userSettingsRoutes } from './modules/user/index.js';
import { adminUserRoutes } from './modules/admin-user/index.js';
import { penaltyRoutes, startPenaltyHousekeeping } from './modules/penalty/index.js';
import { lockRoutes } from './modules/lock/index.js';
import { bountyRoutes, startBountyPasses } from './modules/bounty/index.js';
import { startChatNotices } from './modules/chat-notice/index.js';
import { inboundMailRoutes, startInboundMail, WEBHOOK_PATH } from './modules/inbound-mail/index.js';
import { wikiRoutes } from './modules/wiki/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { mailRoutes, startMailWorker } from './modules/mail/index.js';
import { notifyMailRoutes } from './modules/notify-mail/index.js';
import { startDigestScheduler } from './modules/digest/index.js';
import { backupRoutes, startBackupScheduler } from './modules/backup/index.js';
import { securityRoutes } from './modules/security/index.js';
import { healthRoutes } from './modules/health/index.js';
import { installOpenApi } from './modules/openapi/index.js';
import { apiKeyRoutes } from './modules/apikey/index.js';
import { webhookRoutes } from './modules/webhook/index.js';
import { mcpRoutes } from './modules/mcp/index.js';
import { trashRoutes } from './modules/trash/index.js';
import { resolveFrameAncestors } from './core/csp.js';
import { installCoherence } from './core/coherence.js';
import { installReviewerRequest } from './modules/reviewer/index.js';
import { resolveTrustedProxies } from './config/proxies.js';

declare module 'fastify' {
  interface FastifyInstance {
    quorum: AppContext;
  }
}

export interface BuildOptions {
  /** Data directory (config, SQLite database, uploads); default QUORUM_DATA_DIR or ./data. */
  dataDir?: string;
  /** Fastify logger options; false in tests. Requests are logged at `info` only when enabled. */
  logger?: boolean | Record<string, unknown>;
  /** Turn off rate limits (benchmarks). */
  rateLimit?: boolean;
  /**
   * Addresses or CIDR ranges of reverse proxies whose `X-Forwarded-For` / `-Proto` / `-Host` are believed;
   * default `QUORUM_TRUSTED_PROXIES` (comma- or space-separated), else none (see config/proxies.ts).
   */
  trustedProxies?: string;
}

/**
 * Calls an anonymous visitor may make on a private site (spec §3 login policy: auth and site-info calls): entries
 * ending in '/' are prefixes, others exact paths. Everything else under /answer/api/v1/ and /uploads/ answers 401
 * to anonymous callers; calls that need a login still check it themselves (e.g. PUT /user/info).
 */
const PUBLIC_ON_PRIVATE_SITE = [
  '/answer/api/v1/siteinfo',
  '/answer/api/v1/user/notification/unsubscribe',
  '/answer/api/v1/notification/mail/unsubscribe',
  '/answer/api/v1/siteinfo/legal',
  '/answer/api/v1/user/info',
  '/answer/api/v1/user/login/email',
  '/answer/api/v1/user/register/email',
  '/answer/api/v1/user/logout',
  '/answer/api/v1/language/',
  '/answer/api/v1/plugin/status',
  ...userCenterPublicPaths(),
  '/answer/api/v1/user/password/',
  '/answer/api/v1/user/email',
  '/answer/api/v1/user/email/',
  '/answer/api/v1/user/action/record',
  '/answer/api/v1/user/notification/unsubscribe',
  '/answer/api/v1/connector/',
  '/answer/api/v1/ldap/',
  '/answer/api/v1/saml/',
  '/answer/api/v1/csp-report',
  WEBHOOK_PATH,
];

/**
 * Headers on every response. X-Frame-Options only while framing is limited to this site: when
 * QUORUM_FRAME_ANCESTORS allows other sites, the CSP `frame-ancestors` of each page says which.
 */
function securityHeaders(frameAncestors: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...(frameAncestors === "'self'" ? { 'x-frame-options': 'SAMEORIGIN' } : frameAncestors === "'none'" ? { 'x-frame-options': 'DENY' } : {}),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * Creates the app and loads the installed state from the data directory's config file.
 * @throws Error when a config file exists but its database cannot be reached
 */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolveDataDir(opts.dataDir);
  // Forwarding headers are believed only from configured proxies: any client can send X-Forwarded-For, and
  // every per-IP limit keys on req.ip.
  const trustProxy = resolveTrustedProxies(opts.trustedProxies);
  // Path parameters up to MAX_PARAM_LENGTH (a 150-character title's slug, percent-encoded, fits); the router's own
  // refusals (malformed escapes, longer parameters) answer in the site's envelope or error page (core/http.ts).
  const errorPages = pageErrors();
  const SECURITY_HEADERS = securityHeaders(resolveFrameAncestors());
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 5 * 1024 * 1024, trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(errorPages, () => SECURITY_HEADERS),
    // Per-request log lines are off: synchronous request logging halves throughput (STACK-NOTES); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const ctx: AppContext = { dataDir, log: app.log, config: null, database: null, ids: null, installed: false, onClose: [] };
  app.decorate('quorum', ctx);
  installHttpCore(app);
  // Requests are served in the order they arrive (core/turns.ts): none waits behind requests read after it.
  const turns = new TurnQueue();
  app.addHook('onRequest', (_req, _reply, done) => {
    turns.take().then(() => done(), done);
  });
  await installCookies(app);

  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    return payload;
  });

  await loadInstalledState(ctx);
  startViewFlusher(ctx);
  configureAccountLimits(ctx, { rateLimit: opts.rateLimit !== false });
  startMailWorker(ctx);
  startDigestScheduler(ctx);
  startBackupScheduler(ctx);
  startAccountHousekeeping(ctx);
  startPenaltyHousekeeping(ctx);
  startBountyPasses(ctx);
  startChatNotices(ctx);
  startGroupRules(ctx);
  startInboundMail(ctx);
  app.addHook('onClose', async () => {
    for (const fn of ctx.onClose) await fn();
    await ctx.database?.close();
  });

  // Per-route limits (config.rateLimit on the abusable routes), counted once for the site (core/counters.ts: Redis,
  // the database across nodes, the cluster primary across workers, or memory), keyed on the matched route and the
  // client address. A counting failure lets the request through rather than failing it.
  if (opts.rateLimit !== false) {
    await app.register(rateLimit, { global: false, max: 100, timeWindow: '1 minute', enableDraftSpec: true, store: rateLimitStore(ctx), skipOnError: true });
  }
  // Several nodes: cache invalidation through Redis, or a warning of what stays per node (core/redis.ts).
  void joinCacheInvalidation(ctx, () => invalidateSettings(ctx));
  warnIfPerNode(ctx);

  // Read-your-writes: every write request publishes its invalidations before it answers (core/coherence.ts); on
  // the root, before any route, so every route has the hooks.
  installCoherence(app);
  installMaintenance(app);
  installUserCenterGuard(app);
  installReviewerRequest(app);

  // Private site: anonymous API calls other than auth and site info answer 401.
  app.addHook('preHandler', async (req) => {
    const p = decisionPath(req);
    if (!ctx.installed || !(p.startsWith('/answer/api/v1/') || p.startsWith('/uploads/'))) return;
    const { login } = await getSettings(ctx);
    if (!login.login_required) return;
    if (PUBLIC_ON_PRIVATE_SITE.some((allowed) => (allowed.endsWith('/') ? p.startsWith(allowed) : p === allowed))) return;
    if (!(await currentUser(ctx, req))) throw unauthorized();
  });

  // Built assets: the `.br` / `.gz` copies written at build time (packages/web/scripts/precompress.mjs) are sent to
  // clients that accept them, with `Vary: Accept-Encoding`; files under 1 KB and images go as they are. Registered
  // before installCompression, so no asset is compressed again per request.
  if (existsSync(CLIENT_DIR)) {
    await app.register(fastifyStatic, {
      root: path.join(CLIENT_DIR, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      preCompressed: true,
    });
  }
  // HTML, JSON and other text of every route registered from here on, compressed on the fly (core/compression.ts).
  await installCompression(app);
  // ETag and 304 for the public API lists read anonymously (core/etag.ts; pages do their own, modules/ssr).
  installListEtags(app);
  // After compression, so the OpenAPI document and /api-docs are compressed too; before the routes it lists.
  installOpenApi(app);

  await app.register(siteinfoRoutes);
  await app.register(languageRoutes);
  await app.register(pluginRoutes);
  await app.register(captchaRoutes);
  await app.register(connectorRoutes);
  await app.register(ldapRoutes);
  await app.register(samlRoutes);
  await app.register(groupRoutes);
  await app.register(userCenterRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(userSettingsRoutes);
  await app.register(adminUserRoutes);
  await app.register(penaltyRoutes);
  await app.register(lockRoutes);
  await app.register(bountyRoutes);
  await app.register(siteinfoAdminRoutes);
  await app.register(adminRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(mcpRoutes);
  await app.register(trashRoutes);
  await app.register(mailRoutes);
  await app.register(notifyMailRoutes);
  await app.register(inboundMailRoutes);
  await app.register(questionRoutes);
  await app.register(recommendRoutes);
  await app.register(badgeRoutes);
  await app.register(customizeRoutes);
  await app.register(sitemapRoutes);
  await app.register(feedRoutes);
  await app.register(answerRoutes);
  await app.register(voteRoutes);
  await app.register(revisionRoutes);
  await app.register(reportRoutes);
  await app.register(reviewRoutes);
  await app.register(privilegeRoutes);
  await app.register(reasonRoutes);
  await app.register(tagRoutes);
  await app.register(closeVoteRoutes);
  await app.register(stagingRoutes);
  await app.register(searchRoutes);
  await app.register(postRoutes);
  await app.register(wikiRoutes);
  await app.register(collectionRoutes);
  await app.register(commentRoutes);
  await app.register(fileRoutes);
  await app.register(followRoutes);
  await app.register(inviteRoutes);
  await app.register(notificationRoutes);
  await app.register(liveRoutes);
  await app.register(personalRoutes);
  await app.register(reactionRoutes);
  await app.register(timelineRoutes);
  await app.register(installRoutes);
  await app.register(securityRoutes);
  await app.register(healthRoutes);
  await app.register(backupRoutes);
  await app.register(ssrRoutes, { errorPages });
  return app;
}
