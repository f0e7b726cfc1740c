/**
 * GET /sitemap.xml (sitemap index), GET /sitemap/{questions|tags}-{n}.xml (sitemap files) and GET /robots.txt.
 * A private site (login required) has no sitemap (404) and a robots.txt that disallows everything; before
 * installation robots.txt disallows everything too.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getSettings } from '../siteinfo/index.js';
import { robotsTxt, sitemapFile, sitemapIndex, type SitemapKind } from './sitemap.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function sitemapRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').header('x-robots-tag', 'noindex').send('Not found');
  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);

  app.get('/sitemap.xml', async (_req, reply) => {
    if (!ctx.installed || (await getSettings(ctx)).login.login_required) return notFound(reply);
    return xml(reply, await sitemapIndex(ctx));
  });

  app.get<{ Params: { file: string } }>('/sitemap/:file', async (req, reply) => {
    const m = /^(questions|tags)-([1-9]\d{0,6})\.xml$/.exec(req.params.file);
    if (!m || !ctx.installed || (await getSettings(ctx)).login.login_required) return notFound(reply);
    const body = await sitemapFile(ctx, m[1] as SitemapKind, Number(m[2]));
    return body === null ? notFound(reply) : xml(reply, body);
  });

  app.get('/robots.txt', async (_req, reply) => {
    const body = ctx.installed ? await robotsTxt(ctx) : 'User-agent: *\nDisallow: /\n';
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
}
