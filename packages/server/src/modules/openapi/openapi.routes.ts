/**
 * GET /answer/api/v1/openapi.json (the OpenAPI 3.1 document, document.ts) and GET /api-docs, a page showing it
 * with Swagger UI served from the `swagger-ui-dist` package (no CDN). The page's scripts come from this site, so
 * it passes the Content-Security-Policy of every HTML page (core/csp.ts) without inline script.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentSecurityPolicy, newNonce, REPORTING_ENDPOINTS, resolveFrameAncestors } from '../../core/csp.js';
import { VERSION } from '../siteinfo/index.js';
import { buildOpenApi, type RegisteredRoute } from './document.js';
import { ROUTE_SCHEMAS } from './registry.gen.js';

/** Where the document is served. */
export const OPENAPI_PATH = '/answer/api/v1/openapi.json';

const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INIT_JS = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#api', deepLinking: true });
});
`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Quorum API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css"></head>
<body><div id="api"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script><script src="/api-docs/init.js"></script></body></html>
`;

function uiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * Collects every route registered after this call (a root `onRoute` hook, so it sees the routes of every
 * plugin) and registers the document and viewer routes. Call before registering the other routes.
 */
export function installOpenApi(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (opts) => {
    for (const method of [opts.method].flat()) routes.push({ method: String(method), url: opts.url });
  });
  let doc: string | undefined;
  const frameAncestors = resolveFrameAncestors();
  const files = new Map<string, Buffer>();

  app.get(OPENAPI_PATH, async (_req, reply) => {
    doc ??= JSON.stringify(buildOpenApi(routes, ROUTE_SCHEMAS, VERSION));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(doc);
  });

  app.get('/api-docs', async (_req, reply: FastifyReply) => {
    const nonce = newNonce();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce, frameAncestors))
      .header('reporting-endpoints', REPORTING_ENDPOINTS)
      .send(PAGE);
  });

  app.get('/api-docs/init.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_JS));

  app.get<{ Params: { file: string } }>('/api-docs/:file', async (req, reply) => {
    const type = UI_FILES[req.params.file];
    if (!type) return reply.code(404).type('text/plain').send('not found');
    let body = files.get(req.params.file);
    if (!body) files.set(req.params.file, (body = readFileSync(path.join(uiDir(), req.params.file))));
    return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
  });
}
