/**
 * Plugin-related calls Answer's client makes on start, on every admin page and on the settings pages. No
 * plugins are installed yet, so every list is empty (in Answer's shapes) and the external user-system agent is
 * disabled (spec §7 "Connectors and user center"):
 * - GET /plugin/status: [] of `{slug_name, enabled}`
 * - GET /user-center/agent: `{enabled: false, agent_info: null}`
 * - GET /admin/api/plugins (admins): [] of Answer's GetPluginListResp `{name, slug_name, description, version,
 *   enabled, have_config, link}`
 * - GET /user/plugin/configs (logged in): [] of Answer's GetUserPluginListResp `{name, slug_name}`
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/http.js';
import { requireAdmin, requireUser } from '../../core/auth/index.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function pluginRoutes(app: FastifyInstance): Promise<void> {
  app.get('/answer/api/v1/plugin/status', async (req) => ok(req, []));
  app.get('/answer/api/v1/user-center/agent', async (req) => ok(req, { enabled: false, agent_info: null }));
  app.get('/answer/admin/api/plugins', async (req) => {
    await requireAdmin(app.quorum, req);
    return ok(req, []);
  });
  app.get('/answer/api/v1/user/plugin/configs', async (req) => {
    await requireUser(app.quorum, req);
    return ok(req, []);
  });
}
