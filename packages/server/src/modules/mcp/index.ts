/** The MCP server for AI agents (docs/API.md "MCP"): POST /mcp, authenticated by API key. */
export { mcpRoutes, MCP_PATH } from './mcp.routes.js';
