/**
 * Plugin calls (spec §7 "plugins"; Answer's plugin_controller.go shapes):
 * - GET /plugin/status: `[{slug_name, enabled}]` of the installed plugins (anyone; Answer's client asks on start)
 * - GET /admin/api/plugins?status&have_config (admins): Answer's GetPluginListResp `{name, slug_name,
 *   description, version, enabled, have_config, link}` plus `kinds`, `last_error`, `last_error_at`
 * - PUT /admin/api/plugin/status `{plugin_slug_name, enabled}` (admins)
 * - GET /admin/api/plugin/config?plugin_slug_name, PUT /admin/api/plugin/config `{plugin_slug_name,
 *   config_fields}` (admins): the declared form; secrets are never sent back (`is_set` only)
 * - GET /user/plugin/configs, GET/PUT /user/plugin/config (logged in): members' plugin settings
 */
import type { FastifyInstance } from 'fastify';
import { PluginListQuery, PluginSlugQuery, UpdatePluginConfigReq, UpdatePluginStatusReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireAdmin, requireUser } from '../../core/auth/index.js';
import * as service from './plugin.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function pluginRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get('/answer/api/v1/plugin/status', async (req) => ok(req, ctx.installed ? await service.pluginStatus(ctx) : []));

  app.get('/answer/admin/api/plugins', async (req) => {
    await requireAdmin(ctx, req);
    const q = parse(PluginListQuery, req.query);
    return ok(req, await service.listPlugins(ctx, q));
  });
  app.put('/answer/admin/api/plugin/status', async (req) => {
    await requireAdmin(ctx, req);
    const input = parse(UpdatePluginStatusReq, req.body);
    await service.setPluginStatus(ctx, input.plugin_slug_name, input.enabled);
    return ok(req, null);
  });
  app.get('/answer/admin/api/plugin/config', async (req) => {
    await requireAdmin(ctx, req);
    const q = parse(PluginSlugQuery, req.query);
    return ok(req, await service.getPluginConfigForm(ctx, q.plugin_slug_name));
  });
  app.put('/answer/admin/api/plugin/config', async (req) => {
    await requireAdmin(ctx, req);
    const input = parse(UpdatePluginConfigReq, req.body);
    await service.updatePluginConfig(ctx, input.plugin_slug_name, input.config_fields);
    return ok(req, null);
  });

  app.get('/answer/api/v1/user/plugin/configs', async (req) => {
    await requireUser(ctx, req);
    return ok(req, await service.userPluginList(ctx));
  });
  app.get('/answer/api/v1/user/plugin/config', async (req) => {
    const user = await requireUser(ctx, req);
    const q = parse(PluginSlugQuery, req.query);
    return ok(req, await service.getUserPluginConfigForm(ctx, user.id, q.plugin_slug_name));
  });
  app.put('/answer/api/v1/user/plugin/config', async (req) => {
    const user = await requireUser(ctx, req);
    const input = parse(UpdatePluginConfigReq, req.body);
    await service.updateUserPluginConfig(ctx, user.id, input.plugin_slug_name, input.config_fields);
    return ok(req, null);
  });
}
