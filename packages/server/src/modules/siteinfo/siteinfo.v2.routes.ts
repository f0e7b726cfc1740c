/**
 * Answer 2.0's admin settings calls (admins only), served beside 1.4's: GET and PUT
 * /answer/admin/api/siteinfo/{question, tag, advanced, security, users-settings} (views of stored settings,
 * siteinfo.v2.ts) and /answer/admin/api/siteinfo/polices (Answer 2.x's spelling of 1.4's /siteinfo/legal: the same
 * stored setting, body and rendering). A PUT answers the section as saved.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, SitePoliciesV2Req } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { readSection, updateSection } from './siteinfo.admin.js';
import { readV2Section, updateV2Section, V2_SECTION_NAMES, V2_SECTIONS } from './siteinfo.v2.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function siteinfoV2Routes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  for (const name of V2_SECTION_NAMES) {
    const path = `${ADMIN_API_PREFIX}/siteinfo/${name}`;
    app.get(path, async (req) => {
      await requireAdmin(ctx, req);
      return ok(req, await readV2Section(ctx, name));
    });
    app.put(path, async (req) => {
      const admin = await requireAdmin(ctx, req);
      await updateV2Section(ctx, admin, name, parse(V2_SECTIONS[name].schema, req.body) as Record<string, unknown>);
      return ok(req, await readV2Section(ctx, name));
    });
  }

  app.get(`${ADMIN_API_PREFIX}/siteinfo/polices`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await readSection(ctx, 'legal'));
  });
  app.put(`${ADMIN_API_PREFIX}/siteinfo/polices`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    await updateSection(ctx, admin, 'legal', parse(SitePoliciesV2Req, req.body));
    return ok(req, await readSection(ctx, 'legal'));
  });
}
