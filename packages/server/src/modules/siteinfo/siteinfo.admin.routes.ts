/**
 * Admin settings calls (admins only): GET and PUT /answer/admin/api/siteinfo/{general, interface, branding,
 * write, legal, seo, theme, custom-css-html, login, users}, GET /answer/admin/api/language/options and
 * GET /answer/admin/api/theme/options; Answer 2.0's sections beside them (siteinfo.v2.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, SITEINFO_SECTIONS } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { siteinfoV2Routes } from './siteinfo.v2.routes.js';
import { languageOptions, readSection, SECTION_NAMES, THEME_OPTIONS, updateSection } from './siteinfo.admin.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function siteinfoAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  for (const name of SECTION_NAMES) {
    const path = `${ADMIN_API_PREFIX}/siteinfo/${name}`;
    app.get(path, async (req) => {
      await requireAdmin(ctx, req);
      return ok(req, await readSection(ctx, name));
    });
    app.put(path, async (req) => {
      const admin = await requireAdmin(ctx, req);
      const input = parse(SITEINFO_SECTIONS[name], req.body) as Record<string, unknown>;
      await updateSection(ctx, admin, name, input);
      return ok(req, await readSection(ctx, name));
    });
  }

  app.get(`${ADMIN_API_PREFIX}/language/options`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, languageOptions());
  });

  app.get(`${ADMIN_API_PREFIX}/theme/options`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, THEME_OPTIONS);
  });

  await siteinfoV2Routes(app);
}
