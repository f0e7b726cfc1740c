/**
 * GET /custom.css: the site's custom CSS (admin "Customize" setting `custom_css_html.custom_css`) as
 * `text/css`, empty when unset or before installation. Answer's client links it on every page.
 */
import type { FastifyInstance } from 'fastify';
import { getSettings } from '../siteinfo/index.js';

/** Fastify plugin registering GET /custom.css. */
export async function customizeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get('/custom.css', async (_req, reply) => {
    const css = ctx.installed ? (await getSettings(ctx)).custom_css_html.custom_css : '';
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css ?? '');
  });
}
