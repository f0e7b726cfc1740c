/**
 * GET /answer/api/v1/openapi.json (the OpenAPI 3.1 document, document.ts) and GET /api-docs, a page showing it
 * with Swagger UI served from the `swagger-ui-dist` package (no CDN). The page's scripts come from this site, so
 * it passes the Content-Security-Policy of every HTML page (core/csp.ts) without inline script.
 * Installed after core/compression.ts, so the document and the page are compressed like every response; the
 * Swagger UI files (1.5 MB of script and style) are compressed once, at first request, and kept so.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { preferredEncoding, varyOnEncoding, type Encoding } from '../../core/compression.js';
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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A Swagger UI file as it is and, once asked for, compressed with each encoding (brotli 5, gzip 6: made once). */
interface UiFile {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** The bytes of `file` to send in `enc` (compressed at the first request that asks for it). */
function encodedFile(file: UiFile, enc: Encoding): Promise<Buffer> {
  return (file.encoded[enc] ??= enc === 'br' ? brotli(file.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(file.identity, { level: 6 }));
}

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
  const files = new Map<string, UiFile>();

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
    let file = files.get(req.params.file);
    if (!file) files.set(req.params.file, (file = { identity: readFileSync(path.join(uiDir(), req.params.file)), encoded: {} }));
    reply.type(type).header('cache-control', 'public, max-age=3600');
    varyOnEncoding(reply);
    const enc = preferredEncoding(req);
    if (!enc) return reply.send(file.identity);
    return reply.header('content-encoding', enc).send(await encodedFile(file, enc));
  });
}
