/**
 * Site customization served outside the API:
 * - GET /custom.css: the custom CSS setting as `text/css` (empty when unset or before installation), with an
 *   ETag from its content; pages link it as `/custom.css?v=<etag>`, so a versioned link is cached for a year and
 *   the bare address revalidates (304 when unchanged). Answer's client links the bare address.
 * - GET /manifest.webmanifest: the web app manifest (name, colours, the branding icons at 192 and 512).
 * - GET /manifest.json: the manifest Answer serves there (siteinfo_controller GetManifestJson): manifest_version
 *   3, version, revision, name and short_name (the site's name), icons as `{"16"|"32"|"48"|"128": url}`,
 *   start_url, display, theme_color, background_color.
 * - GET /favicon.ico: the 32-pixel branding icon (302), or the default icon (customize.icon.ts) when none is set.
 */
import type { FastifyInstance } from 'fastify';
import { getSettings, VERSION } from '../siteinfo/index.js';
import { uploadStorage } from '../../core/storage/index.js';
import { brandIcon, cssVersion, primaryColorOf } from './customize.head.js';
import { defaultIcon } from './customize.icon.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function customizeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  // Where the branding icon copies are: the site's storage (the data directory's folder, or a bucket).
  const uploadsRoot = uploadStorage(ctx);

  app.get<{ Querystring: { v?: string } }>('/custom.css', async (req, reply) => {
    const css = ctx.installed ? ((await getSettings(ctx)).custom_css_html.custom_css ?? '') : '';
    const etag = `"${cssVersion(css)}"`;
    const versioned = typeof req.query.v === 'string' && `"${req.query.v}"` === etag;
    reply.type('text/css; charset=utf-8').header('etag', etag).header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(css);
  });

  app.get('/manifest.webmanifest', async (_req, reply) => {
    const s = await getSettings(ctx);
    const icons = ([192, 512] as const)
      .map((size) => ({ size, src: brandIcon(s, size, uploadsRoot) }))
      .filter((i) => i.src)
      .map((i) => ({ src: i.src, sizes: `${i.size}x${i.size}`, type: i.src.endsWith('.png') ? 'image/png' : undefined }));
    const manifest = {
      name: s.general.name,
      short_name: s.general.name,
      description: s.general.short_description || s.general.description || undefined,
      start_url: '/',
      display: 'standalone',
      theme_color: primaryColorOf(s),
      background_color: '#ffffff',
      icons,
    };
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(manifest));
  });

  app.get('/manifest.json', async (_req, reply) => {
    const s = await getSettings(ctx);
    const small = brandIcon(s, 32, uploadsRoot) || '/favicon.ico';
    const large = brandIcon(s, 192, uploadsRoot) || small;
    const manifest = {
      manifest_version: 3,
      version: VERSION,
      revision: '',
      short_name: s.general.name,
      name: s.general.name,
      icons: { '16': small, '32': small, '48': small, '128': large },
      start_url: '.',
      display: 'standalone',
      theme_color: primaryColorOf(s),
      background_color: '#ffffff',
    };
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(manifest));
  });

  app.get('/favicon.ico', async (_req, reply) => {
    const s = await getSettings(ctx);
    const icon = brandIcon(s, 32, uploadsRoot);
    if (icon) return reply.header('cache-control', 'public, max-age=3600').redirect(icon, 302);
    return reply.type('image/x-icon').header('cache-control', 'public, max-age=3600').send(defaultIcon(primaryColorOf(s)));
  });
}
