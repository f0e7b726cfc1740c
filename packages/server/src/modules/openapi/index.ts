/** The OpenAPI document of the HTTP API and its viewer. */
export { installOpenApi, OPENAPI_PATH } from './openapi.routes.js';
export { buildOpenApi, type RouteSchemas, type RegisteredRoute } from './document.js';
