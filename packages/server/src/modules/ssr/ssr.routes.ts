/**
 * Server-rendered pages. The question list, the question page, the tag pages and the member directory (/users) are
 * rendered with their data in the first HTML (title, description, canonical link, QAPage JSON-LD), localized by
 * Accept-Language; every other page gets the application shell and renders in the browser. Before installation
 * every page goes to /install.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKey, FEED_ORDERS, type FeedOrder, longId, questionPath, QuestionPageQuery, TagPageQuery } from '@quorum/contract';
import { AppError } from '../../core/errors.js';
import type { PageErrors } from '../../core/http.js';
import { decisionPath, normalisePath } from '../../core/requestpath.js';
import { matchLanguage, translate } from '../../core/i18n.js';
import { answerPage } from '../answer/index.js';
import { countView, questionInfo, questionPage } from '../question/index.js';
import { getSettings, siteInfoPayload, type SiteSettings } from '../siteinfo/index.js';
import { tagInfo, tagPage, tagSynonyms } from '../tag/index.js';
import { contentSecurityPolicy, newNonce, REPORTING_ENDPOINTS, resolveFrameAncestors } from '../../core/csp.js';
import { renderDocument, type PageHead, type RenderedDocument, type SocialCard } from './ssr.renderer.js';
import { type CachedPage, PageCache, pageCacheBudget } from './ssr.pagecache.js';
import { feedLinks } from '../feed/index.js';
import { compressBody, preferredEncoding, varyOnEncoding } from '../../core/compression.js';
import { notModified } from '../../core/etag.js';
import { qaPageJsonLd } from './ssr.jsonld.js';
import { isHeld, RETRY_AFTER_SECONDS } from '../maintenance/index.js';
import { brandIcon, customBodyEnd, siteHead } from '../customize/index.js';
import { uploadsDir } from '../file/index.js';
import { profileInfo } from '../personal/index.js';
import { usersPageData } from './ssr.users.js';

const LIST_PAGE_SIZE = 20;
const ANSWER_PAGE_SIZE = 20;
/** Tags per page of /tags (the web app's TAG_PAGE_SIZE). */
const TAG_PAGE_SIZE = 24;

/** Client routes: anything else is answered with status 404 (the client shows its not-found page). */
const KNOWN = /^\/(?:$|questions(?:\/|$)|search|tags|users|posts|badges(?:\/|$)|groups(?:\/|$)|review|tos|privacy|admin|install|403|404|50x|maintenance|user-center)/;

/** Account pages under /users/ (client routes), never a member's profile. */
const ACCOUNT_PAGES = new Set(['login', 'register', 'logout', 'account-recovery', 'password-reset', 'account-activation', 'change-email', 'confirm-new-email', 'account-suspended', 'unsubscribe', 'auth-landing', 'confirm-email', 'notifications', 'settings']);

/**
 * Query parameters each cached page reads, by route (the web app's pages read the same: QuestionListPage, QuestionPage,
 * TagsPage, TagPage). A page is rendered and cached for these alone, in this order: a parameter of its own on every
 * request (a campaign tag, a crawler's cache-buster) is served the cached page instead of costing a render and
 * pushing a popular page out of the cache, and a rendered page never carries another visitor's parameters.
 */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/': ['order', 'page', 'tag', 'view'],
  '/questions': ['order', 'page', 'tag', 'view'],
  '/questions/:qid': ['page'],
  '/questions/:qid/:slug': ['page'],
  '/questions/:qid/:slug/:aid': ['page'],
  '/tags': ['order', 'page', 'q'],
  '/tags/:tagName': ['order', 'page'],
  '/users': ['sort', 'q', 'page'],
};

/**
 * The address a cached page is rendered for: the path and, of the query, only the parameters the route reads
 * (PAGE_PARAMS; the first value of each). Other routes keep the whole address.
 */
function pageUrl(req: FastifyRequest): string {
  const wanted = PAGE_PARAMS[req.routeOptions.url ?? ''];
  const [, query] = splitUrl(req.url);
  const pathOnly = normalisePath(req.url);
  if (!wanted) return query ? `${pathOnly}${query}` : pathOnly;
  if (!query) return pathOnly;
  const given = new URLSearchParams(query.slice(1));
  const kept = new URLSearchParams();
  for (const name of wanted) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const rest = kept.toString();
  return rest ? `${pathOnly}?${rest}` : pathOnly;
}

/** `/a/b?x=1` -> [`/a/b`, `?x=1`]. */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** The feed a list page in `order` offers: the same order when a feed has it, else the newest questions. */
const feedOrder = (order: string): FeedOrder => ((FEED_ORDERS as readonly string[]).includes(order) ? (order as FeedOrder) : 'newest');

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function ssrRoutes(app: FastifyInstance, opts: { errorPages?: PageErrors } = {}): Promise<void> {
  const ctx = app.quorum;

  // Pages are rendered in the bundled language the browser asks for, else in the site's interface language
  // (what the client keeps for visitors without an account, so hydration changes nothing).
  app.addHook('preHandler', async (req) => {
    const asked = matchLanguage(req.headers['accept-language']);
    if (asked) req.lang = asked;
    else if (ctx.installed) req.lang = (await getSettings(ctx)).interface.language || req.lang;
  });

  // Maintenance mode (modules/maintenance): held visitors get the maintenance page with 503 at any address.
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || !(await isHeld(ctx, req))) return;
    const s = await getSettings(ctx);
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(req, reply, { title: titleOf(s, translate('page.maintenance_title', req.lang)), robots: 'noindex' }, { [apiKey('/answer/api/v1/siteinfo')]: siteInfoPayload(s) }, true, 503);
  });
  const uploadsRoot = uploadsDir(ctx.dataDir);
  const pages = new PageCache(pageCacheBudget());
  app.addHook('onClose', async () => pages.close());

  const frameAncestors = resolveFrameAncestors();

  /**
   * Sends a document with a fresh nonce and the Content-Security-Policy that names it, compressed for the client
   * (a cached page's stored variant when it has one, ssr.compressed.ts; else now, core/compression.ts). A page of
   * the cache's routes (`page`) has a weak ETag for anonymous readers: a matching If-None-Match gets 304 without
   * body or policy (core/etag.ts).
   */
  function sendDocument(req: FastifyRequest, reply: FastifyReply, doc: RenderedDocument, status: number, page?: CachedPage) {
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('reporting-endpoints', REPORTING_ENDPOINTS);
    if (page && PAGE_PARAMS[req.routeOptions.url ?? ''] && notModified(req, reply, page.etag)) {
      reply.removeHeader('content-type');
      varyOnEncoding(reply);
      return reply.send();
    }
    const nonce = newNonce();
    reply.header('content-security-policy', contentSecurityPolicy(nonce, frameAncestors));
    const enc = preferredEncoding(req);
    const stored = enc && page?.variants[enc]?.body(nonce);
    if (enc && stored) {
      varyOnEncoding(reply);
      return reply.header('content-encoding', enc).send(stored);
    }
    return reply.send(compressBody(req, reply, doc.body(nonce)));
  }

  async function send(req: FastifyRequest, reply: FastifyReply, head: PageHead, data: Record<string, unknown>, ssr: boolean, status = 200) {
    // A page that may be cached is rendered for the parameters it reads only (pageUrl).
    const cacheable = ssr && status === 200;
    // Rendered for the normalised address: `/%61dmin` is the admin console too, and gets no custom HTML either.
    const url = pageUrl(req);
    const s = ctx.installed ? await getSettings(ctx) : undefined;
    // The administrator's HTML never reaches the admin console, so a broken snippet cannot lock the admin out.
    const custom = url.startsWith('/admin') ? undefined : s?.custom_css_html;
    const doc = await renderDocument(url, req.lang, head, data, ssr, { site: s ? siteHead(s, uploadsRoot, !custom) : undefined, head: custom?.custom_head, footer: custom ? customBodyEnd(custom) : undefined });
    if (doc === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web interface is not built. Run `npm run build`, then restart.');
    }
    return sendDocument(req, reply, doc, status, cacheable ? pages.set(pageKey(req), doc) : undefined);
  }

  /** Open Graph / Twitter card of a page; the image falls back to the site's 512-pixel square icon. */
  function socialCard(s: SiteSettings, type: SocialCard['type'], title: string, description: string, url: string, image = ''): SocialCard {
    const icon = image || brandIcon(s, 512, uploadsRoot);
    const absolute = icon && icon.startsWith('/') ? `${s.general.site_url}${icon}` : icon;
    return { type, title, description: description || s.general.short_description || s.general.name, url, image: absolute, siteName: s.general.name };
  }

  function titleOf(s: SiteSettings, page?: string): string {
    return page ? `${page} - ${s.general.name}` : s.general.short_description ? `${s.general.name} - ${s.general.short_description}` : s.general.name;
  }

  async function base(req: FastifyRequest, reply: FastifyReply): Promise<{ s: SiteSettings; data: Record<string, unknown> } | null> {
    if (!ctx.installed) {
      void reply.redirect('/install', 302);
      return null;
    }
    const s = await getSettings(ctx);
    return { s, data: { [apiKey('/answer/api/v1/siteinfo')]: siteInfoPayload(s) } };
  }

  async function shell(req: FastifyRequest, reply: FastifyReply, status = 200) {
    if (!ctx.installed) {
      if (decisionPath(req).startsWith('/install')) return send(req, reply, { title: translate('page.install_title', req.lang) }, {}, false);
      return reply.redirect('/install', 302);
    }
    const b = (await base(req, reply))!;
    return send(req, reply, { title: b.s.general.name, robots: 'noindex' }, b.data, false, status);
  }

  /** Cache key of an anonymous server-rendered page: language, path and the parameters it reads (pageUrl). */
  function pageKey(req: FastifyRequest): string {
    return `ssr:${req.lang}:${pageUrl(req)}`;
  }

  /** Serves a page rendered since the last content write, if any (anonymous pages only differ by URL and language). */
  function fromCache(req: FastifyRequest, reply: FastifyReply): boolean {
    if (!ctx.installed) return false;
    const page = pages.get(pageKey(req));
    if (page === undefined) return false;
    void sendDocument(req, reply, page.doc, 200, page);
    return true;
  }

  async function list(req: FastifyRequest, reply: FastifyReply) {
    if (fromCache(req, reply)) return reply;
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required) return shell(req, reply);
    const raw = req.query as Record<string, string>;
    const parsed = QuestionPageQuery.safeParse({ order: raw.order, page: raw.page, tag: raw.tag || undefined, page_size: LIST_PAGE_SIZE });
    const q = parsed.success ? parsed.data : QuestionPageQuery.parse({ page_size: LIST_PAGE_SIZE });
    const payload = await questionPage(ctx, q);
    b.data[apiKey('/answer/api/v1/question/page', { order: q.order, page: q.page, page_size: LIST_PAGE_SIZE, tag: q.tag })] = payload;
    const pageTitle = q.tag ? `[${q.tag}]` : translate('page.questions_title', req.lang);
    const canonical = `${b.s.general.site_url}/questions${q.page > 1 ? `?page=${q.page}` : ''}`;
    const feeds = feedLinks(b.s.general.site_url, q.tag ? { kind: 'tag', tag: q.tag, order: feedOrder(q.order) } : { kind: 'questions', order: feedOrder(q.order) }, req.lang);
    return send(req, reply, { title: titleOf(b.s, pageTitle), description: b.s.general.description || b.s.general.short_description || b.s.general.name, canonical, feeds }, b.data, true);
  }

  async function detail(req: FastifyRequest<{ Params: { qid: string } }>, reply: FastifyReply) {
    if (fromCache(req, reply)) {
      countView(ctx, req.params.qid);
      return reply;
    }
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required) return shell(req, reply);
    const qid = longId(req.params.qid) ?? '0';
    let info: Record<string, unknown>;
    try {
      info = await questionInfo(ctx, qid, undefined);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return send(req, reply, { title: titleOf(b.s, translate('page.not_found_title', req.lang)), robots: 'noindex' }, b.data, true, 404);
      throw err;
    }
    // Every permalink style's address of this question (or answer) answers 301 to the current style's (issue 13).
    const { aid } = req.params as { aid?: string };
    const wanted = questionPath(qid, String(info.title), b.s.site_seo.permalink, aid ? (longId(aid) ?? aid) : undefined, String(info.url_title || '') || undefined);
    const [pathOnly, query] = splitUrl(req.url);
    if (pathOnly !== wanted) return reply.redirect(wanted + query, 301);
    // question/info has read the question and checked that an anonymous reader may see it: not read again.
    const answers = await answerPage(ctx, { question_id: qid, order: 'default', page: 1, page_size: ANSWER_PAGE_SIZE }, undefined, 'en_US', { id: String(info.id) });
    b.data[apiKey('/answer/api/v1/question/info', { id: qid })] = info;
    b.data[apiKey('/answer/api/v1/answer/page', { question_id: qid, order: 'default', page: 1, page_size: ANSWER_PAGE_SIZE })] = answers;
    const canonical = `${b.s.general.site_url}${questionPath(qid, String(info.title), b.s.site_seo.permalink, undefined, String(info.url_title || '') || undefined)}`;
    const social = socialCard(b.s, 'article', String(info.title), String(info.description), canonical);
    return send(
      req,
      reply,
      { title: titleOf(b.s, String(info.title)), description: String(info.description), canonical, jsonLd: qaPageJsonLd(info, answers.list, canonical), social, feeds: feedLinks(b.s.general.site_url, { kind: 'question', id: qid }, req.lang) },
      b.data,
      true,
    );
  }

  /** GET /tags: the first page of tags (order and filter from the URL), keyed like the web app's useTagPage. */
  async function tags(req: FastifyRequest, reply: FastifyReply) {
    if (fromCache(req, reply)) return reply;
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required) return shell(req, reply);
    const raw = req.query as Record<string, string>;
    const parsed = TagPageQuery.safeParse({ page: raw.page, page_size: TAG_PAGE_SIZE, query_cond: raw.order, slug_name: raw.q?.trim() || undefined });
    const q = parsed.success ? parsed.data : TagPageQuery.parse({ page_size: TAG_PAGE_SIZE });
    b.data[apiKey('/answer/api/v1/tags/page', { page: q.page, page_size: TAG_PAGE_SIZE, query_cond: q.query_cond, slug_name: q.slug_name })] = await tagPage(ctx, q);
    const canonical = `${b.s.general.site_url}/tags${q.page > 1 ? `?page=${q.page}` : ''}`;
    return send(req, reply, { title: titleOf(b.s, translate('page.tags_title', req.lang)), description: b.s.general.description || b.s.general.short_description || b.s.general.name, canonical }, b.data, true);
  }

  /** GET /tags/{tagName}: the tag, its synonyms and its first page of questions; a synonym redirects to its main tag. */
  async function tagDetail(req: FastifyRequest<{ Params: { tagName: string } }>, reply: FastifyReply) {
    if (fromCache(req, reply)) return reply;
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required) return shell(req, reply);
    const name = req.params.tagName;
    let info: Record<string, unknown>;
    try {
      info = await tagInfo(ctx, { name }, undefined);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return send(req, reply, { title: titleOf(b.s, translate('page.not_found_title', req.lang)), robots: 'noindex' }, b.data, true, 404);
      throw err;
    }
    const slug = String(info.slug_name);
    if (info.main_tag_slug_name) {
      // A synonym's page answers 301 to its main tag's, keeping the visitor's query.
      return reply.redirect(`/tags/${encodeURIComponent(String(info.main_tag_slug_name))}${splitUrl(req.url)[1]}`, 301);
    }
    const raw = req.query as Record<string, string>;
    const parsed = QuestionPageQuery.safeParse({ order: raw.order, page: raw.page, tag: slug, page_size: LIST_PAGE_SIZE });
    const q = parsed.success ? parsed.data : QuestionPageQuery.parse({ tag: slug, page_size: LIST_PAGE_SIZE });
    const [questions, synonyms] = await Promise.all([questionPage(ctx, q), tagSynonyms(ctx, String(info.tag_id), undefined)]);
    b.data[apiKey('/answer/api/v1/tag', { name })] = info;
    b.data[apiKey('/answer/api/v1/tag/synonyms', { tag_id: String(info.tag_id) })] = synonyms;
    b.data[apiKey('/answer/api/v1/question/page', { order: q.order, page: q.page, page_size: LIST_PAGE_SIZE, tag: slug })] = questions;
    const display = String(info.display_name || slug);
    const canonical = `${b.s.general.site_url}/tags/${encodeURIComponent(slug)}${q.page > 1 ? `?page=${q.page}` : ''}`;
    const description = String(info.excerpt || '') || translate('page.tag_description', req.lang, { tag: display });
    const feeds = feedLinks(b.s.general.site_url, { kind: 'tag', tag: slug, order: feedOrder(q.order) }, req.lang);
    return send(req, reply, { title: titleOf(b.s, `[${display}]`), description, canonical, social: socialCard(b.s, 'website', display, description, canonical), feeds }, b.data, true);
  }

  /** GET /users: the member directory's page for its address (ssr.users.ts), canonical /users. */
  async function users(req: FastifyRequest, reply: FastifyReply) {
    if (fromCache(req, reply)) return reply;
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required) return shell(req, reply);
    Object.assign(b.data, await usersPageData(ctx, req.query as Record<string, unknown>));
    const description = b.s.general.description || b.s.general.short_description || b.s.general.name;
    return send(req, reply, { title: titleOf(b.s, translate('page.users_title', req.lang)), description, canonical: `${b.s.general.site_url}/users` }, b.data, true);
  }

  /**
   * GET /users/{username}: the profile page shell (rendered in the browser) with the member's title, description
   * and Open Graph / Twitter card; account pages under /users/ and unknown names get the plain shell.
   */
  async function profile(req: FastifyRequest<{ Params: { username: string } }>, reply: FastifyReply) {
    const name = req.params.username;
    const b = ctx.installed && !ACCOUNT_PAGES.has(name) ? await base(req, reply) : null;
    if (!b || b.s.login.login_required) return shell(req, reply);
    let user: Record<string, unknown>;
    try {
      user = await profileInfo(ctx, name, undefined);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return shell(req, reply);
      throw err;
    }
    const display = String(user.display_name || user.username);
    const about = String(user.bio || '').replace(/\s+/g, ' ').trim().slice(0, 200);
    const description = about || `${display} (@${String(user.username)}) - ${b.s.general.name}`;
    const url = `${b.s.general.site_url}/users/${encodeURIComponent(String(user.username))}`;
    const avatar = String(user.avatar || '');
    const social = socialCard(b.s, 'profile', display, description, url, avatar.startsWith('http') || avatar.startsWith('/') ? avatar : '');
    const feeds = feedLinks(b.s.general.site_url, { kind: 'user', username: String(user.username) }, req.lang);
    return send(req, reply, { title: titleOf(b.s, display), description, canonical: url, social, feeds }, b.data, false);
  }

  /**
   * A public page rendered in the browser that search engines may list (GET /users/login): the shell with
   * its own title, the site's description and a canonical address, without the plain shell's noindex.
   */
  const publicShell = (titleKey: string, path: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!ctx.installed) return shell(req, reply);
    const b = await base(req, reply);
    if (!b) return reply;
    if (b.s.login.login_required && path !== '/users/login') return shell(req, reply);
    const description = b.s.general.description || b.s.general.short_description || b.s.general.name;
    return send(req, reply, { title: titleOf(b.s, translate(titleKey, req.lang)), description, canonical: `${b.s.general.site_url}${path}` }, b.data, false);
  };

  app.get('/', list);
  app.get('/users', users);
  app.get('/users/login', publicShell('page.login_title', '/users/login'));
  app.get('/users/:username', profile);
  app.get('/questions', list);
  app.get('/questions/ask', shell);
  app.get('/questions/:qid', detail);
  app.get('/questions/:qid/:slug', detail);
  app.get('/questions/:qid/:slug/:aid', detail);
  app.get('/install', shell);
  app.get('/tags', tags);
  // The create-tag page (spec §2, moderators and admins; the browser checks the role) before the tag pattern.
  app.get('/tags/create', shell);
  app.get('/tags/:tagName', tagDetail);

  // A page address the server refuses (e.g. text no database can store, core/http.ts) names nothing: not-found page.
  app.setErrorHandler(async (err, req, reply) => {
    if (!(err instanceof AppError) || err.status !== 400 || req.method !== 'GET') throw err;
    const b = await base(req, reply);
    if (!b) return reply;
    return send(req, reply, { title: titleOf(b.s, translate('page.not_found_title', req.lang)), robots: 'noindex' }, b.data, true, 404);
  });

  // The router's own refusals of a page address (core/http.ts frameworkErrorHandler) get the not-found page too.
  if (opts.errorPages) opts.errorPages.render = (req, reply, status) => shell(req, reply, status);

  app.setNotFoundHandler(async (req, reply) => {
    const pathOnly = normalisePath(req.url);
    if (req.method !== 'GET' || pathOnly.startsWith('/answer/') || pathOnly.startsWith('/installation/') || pathOnly.startsWith('/assets/') || pathOnly.startsWith('/uploads/')) {
      return reply.code(404).send({ code: 404, reason: 'base.not_found', msg: translate('base.not_found', req.lang), data: null });
    }
    return shell(req, reply, KNOWN.test(pathOnly) ? 200 : 404);
  });
}
