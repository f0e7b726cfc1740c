/**
 * Plugin-related app-start calls. Plugins do not exist yet: the status list is empty and the external
 * user-system agent is disabled (spec §7 "Connectors and user center").
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/http.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function pluginRoutes(app: FastifyInstance): Promise<void> {
  app.get('/answer/api/v1/plugin/status', async (req) => ok(req, []));
  app.get('/answer/api/v1/user-center/agent', async (req) => ok(req, { enabled: false, agent_info: null }));
}
