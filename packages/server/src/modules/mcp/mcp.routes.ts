/**
 * POST /mcp: a Model Context Protocol server over Streamable HTTP (MCP specification 2025-06-18, official
 * TypeScript SDK), stateless — every POST carries its own JSON-RPC message and is answered with JSON, so any node
 * of a multi-node site answers any request. GET and DELETE /mcp answer 405 (no server-initiated stream, no
 * sessions). Authenticated by an API key only (`Authorization: Bearer qk_...`; login tokens and cookies are
 * refused): any live key may connect and list the tools; what each tool may do is then decided by the HTTP API
 * call it makes as the key (mcp.api.ts). At the site root rather than under /answer/api/v1: it is not an Answer
 * endpoint, and the connection itself is not an API call that a key's scope has to allow. An admin switches the
 * server off and on with Answer 2.0's GET/PUT /admin/api/mcp-config (mcp.config.routes.ts); while off POST /mcp answers 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
// The MCP SDK (~25 MB) is loaded with the first MCP call, not by every worker at start.
const sdk = () => Promise.all([import('@modelcontextprotocol/sdk/server/mcp.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
import { type AppContext } from '../../core/context.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { isApiKey, userForApiKey } from '../../core/auth/apikey.js';
import { getSettings, VERSION } from '../siteinfo/index.js';
import { apiCaller } from './mcp.api.js';
import { mcpConfigRoutes } from './mcp.config.routes.js';
import { postUrls, registerTools } from './mcp.tools.js';

/** Where the MCP endpoint is served. */
export const MCP_PATH = '/mcp';

const INSTRUCTIONS =
  'Tools of a Quorum question-and-answer site. Search before asking: use search, then get_question to read a question with its answers. ' +
  'ask_question and answer_question post as the member who owns the API key, with that member\'s privileges and limits, and need a write-scoped key.';

/**
 * The API key of an MCP request.
 * @throws 401 when the site is not installed, no key is sent, the bearer token is not an API key, or the key is
 *   unknown, revoked or expired, or its member is gone
 */
async function requestKey(ctx: AppContext, req: FastifyRequest): Promise<string> {
  const h = req.headers.authorization ?? '';
  const key = (h.startsWith('Bearer ') ? h.slice(7) : '').trim();
  if (!ctx.installed || !isApiKey(key)) throw unauthorized();
  // Any live key may connect (a GET of this path is within every scope); each tool's call is checked on its own.
  if (!(await userForApiKey(ctx, key, 'GET', MCP_PATH))) throw unauthorized();
  return key;
}

/** Fastify plugin registering the calls listed in this file's header. */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.post(MCP_PATH, { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } }, async (req, reply) => {
    reply.header('www-authenticate', 'Bearer');
    const key = await requestKey(ctx, req);
    const { general, site_mcp } = await getSettings(ctx);
    if (!site_mcp.enabled) throw forbidden();
    const [{ McpServer }, { StreamableHTTPServerTransport }] = await sdk();
    const server = new McpServer({ name: 'quorum', title: general.name, version: VERSION }, { instructions: INSTRUCTIONS });
    registerTools(server, apiCaller(app, { key, ip: req.ip, lang: req.lang }), postUrls(general.site_url));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The SDK writes the response itself; the site's constant headers are set here, as onSend does not run.
    reply.raw.setHeader('cache-control', 'no-store');
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.hijack();
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });

  const notAllowed = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST.' }, id: null };
  app.get(MCP_PATH, async (_req, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));
  app.delete(MCP_PATH, async (_req, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));

  await mcpConfigRoutes(app, MCP_PATH);
}
