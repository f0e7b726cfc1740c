/**
 * The site's feeds, RSS 2.0 (`?format=rss`) or Atom 1.0 (the default), 30 entries each:
 *
 * - GET /feeds                     questions, `?order=newest|active|unanswered` (newest by default)
 * - GET /feeds/tags/:tagName       a tag's questions, same orders
 * - GET /feeds/questions/:qid      a question and its answers (oldest answer first)
 * - GET /feeds/users/:username     a member's questions and answers, newest first
 * - GET /feeds/search?q=…          the newest search results of a query
 *
 * Conditional GET: a weak ETag of the document (If-None-Match) and Last-Modified, the newest entry's time
 * (If-Modified-Since), answered 304 with no body. `Cache-Control: public, max-age=300`: a feed holds only what
 * anonymous readers see (feed.service.ts), so a shared cache may keep it for five minutes. A private site, an
 * unknown subject or an uninstalled site answers 404; bad query values answer 400 with field errors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FeedQuery, longId } from '@quorum/contract';
import { etagMatches, weakEtag } from '../../core/etag.js';
import { parse } from '../../core/http.js';
import { getSettings } from '../siteinfo/index.js';
import { feedPath } from './feed.links.js';
import { buildFeed, FeedSourceError, type FeedSubject } from './feed.service.js';

/** Seconds a shared cache or a feed reader may keep a feed. */
export const FEED_MAX_AGE = 300;

/** Fastify plugin registering the feeds listed in this file's header; services come from `app.quorum`. */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').header('x-robots-tag', 'noindex').send('Not found');

  /** Answers the feed of the subject `of` picks from the request and its parsed query. */
  const serve =
    <P>(of: (req: FastifyRequest<{ Params: P }>, q: FeedQuery) => FeedSubject | null) =>
    async (req: FastifyRequest<{ Params: P }>, reply: FastifyReply) => {
      const q = parse(FeedQuery, req.query);
      if (!ctx.installed) return notFound(reply);
      const s = await getSettings(ctx);
      if (s.login.login_required) return notFound(reply);
      const subject = of(req, q);
      if (!subject) return notFound(reply);
      const self = `${s.general.site_url}${feedPath(subject, q.format)}`;
      let doc;
      try {
        doc = await buildFeed(app, s, subject, q.format, self, req.ip);
      } catch (err) {
        if (err instanceof FeedSourceError && err.status >= 400 && err.status < 500) return notFound(reply);
        throw err;
      }
      const etag = weakEtag(doc.xml);
      // HTTP dates have whole seconds; an empty feed has no last modification.
      const modified = doc.updated.getTime() > 0 ? new Date(Math.floor(doc.updated.getTime() / 1000) * 1000) : null;
      void reply.header('etag', etag).header('cache-control', `public, max-age=${FEED_MAX_AGE}`).header('vary', 'accept-encoding');
      if (modified) void reply.header('last-modified', modified.toUTCString());
      const since = req.headers['if-modified-since'];
      const fresh =
        req.headers['if-none-match'] !== undefined
          ? etagMatches(req.headers['if-none-match'], etag)
          : !!(modified && since && !Number.isNaN(Date.parse(since)) && modified.getTime() <= Date.parse(since));
      if (fresh) return reply.code(304).send();
      return reply.type(doc.type).send(doc.xml);
    };

  app.get(
    '/feeds',
    serve((_req, q) => ({ kind: 'questions', order: q.order })),
  );
  app.get<{ Params: { tagName: string } }>(
    '/feeds/tags/:tagName',
    serve<{ tagName: string }>((req, q) => ({ kind: 'tag', tag: req.params.tagName, order: q.order })),
  );
  app.get<{ Params: { qid: string } }>(
    '/feeds/questions/:qid',
    serve<{ qid: string }>((req) => {
      const id = longId(req.params.qid);
      return id ? { kind: 'question', id } : null;
    }),
  );
  app.get<{ Params: { username: string } }>(
    '/feeds/users/:username',
    serve<{ username: string }>((req) => ({ kind: 'user', username: req.params.username })),
  );
  app.get(
    '/feeds/search',
    serve((_req, q) => ({ kind: 'search', q: q.q })),
  );
}
