/**
 * The MCP server's switch, Answer 2.0's admin calls (admins only): GET /answer/admin/api/mcp-config answers
 * `{enabled, type, url, http_header}` (Answer's SiteMCPResp: how to connect — here the Streamable HTTP endpoint of
 * mcp.routes.ts at the site URL, with an API key as bearer token); PUT with `{enabled}` (SiteMCPReq) stores the
 * switch in the `site_mcp` settings section, records an audit entry `settings.mcp` and takes effect on the next
 * MCP request on every node (the settings cache, modules/siteinfo). While off, POST /mcp answers 403.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_API_PREFIX, SiteMcpV2Req } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { ok, parse } from '../../core/http.js';
import { requireAdmin } from '../../core/auth/index.js';
import { recordAdminAction } from '../audit/index.js';
import { getSettings, saveSection } from '../siteinfo/index.js';

/** What GET /mcp-config answers: the switch and where and how a client connects. */
export async function mcpConfig(ctx: AppContext, mcpPath: string): Promise<{ enabled: boolean; type: string; url: string; http_header: string }> {
  const s = await getSettings(ctx);
  return { enabled: s.site_mcp.enabled, type: 'Streamable HTTP', url: `${s.general.site_url}${mcpPath}`, http_header: 'Authorization=Bearer {key}' };
}

/** Fastify plugin registering the calls listed in this file's header. */
export async function mcpConfigRoutes(app: FastifyInstance, mcpPath: string): Promise<void> {
  const ctx = app.quorum;
  app.get(`${ADMIN_API_PREFIX}/mcp-config`, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await mcpConfig(ctx, mcpPath));
  });
  app.put(`${ADMIN_API_PREFIX}/mcp-config`, async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { enabled } = parse(SiteMcpV2Req, req.body);
    const was = (await getSettings(ctx)).site_mcp.enabled;
    if (was !== enabled) {
      await saveSection(ctx, 'site_mcp', { enabled });
      await recordAdminAction(ctx, admin, { action: 'settings.mcp', targetType: 'settings', targetId: 'mcp', changes: { enabled: [was, enabled] } });
    }
    return ok(req, await mcpConfig(ctx, mcpPath));
  });
}
