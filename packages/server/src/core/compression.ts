/**
 * Response compression on the fly (@fastify/compress) for text the server makes per request: server-rendered HTML,
 * JSON from the API, sitemaps, feeds. Files under /assets/ are compressed once at build time
 * (packages/web/scripts/precompress.mjs) and served as they are by @fastify/static (`preCompressed`).
 * It applies to the routes registered after installCompression (it hooks onRoute): not to the OpenAPI document and
 * /api-docs (installed earlier in app.ts) nor to the not-found handler's page.
 *
 * - Brotli at quality 3 and gzip at level 4: the cheap end of both. On a 28 KB question page (measured here, 2 cores)
 *   brotli 3 took ~0.35 ms for 9.8 KB, brotli 4 ~0.65 ms for 9.4 KB, brotli 11 (zlib's default) far more; gzip 4
 *   ~0.43 ms for 9.8 KB, gzip 6 ~0.6 ms for 9.5 KB. Server cost in `npm run bench -- compression` (docs/BENCHMARKS.md).
 * - Bodies up to SYNC_BYTES are compressed in one synchronous call: on 2 cores @fastify/compress's default (8 KB)
 *   sent every page through a zlib stream, which cost several times the compression itself.
 * - Bodies under THRESHOLD_BYTES stay identity: the bytes saved do not pay for the work and the headers.
 * - Text, JSON, XML and JavaScript only: never event streams (modules/live hijacks its reply anyway), images or
 *   already-compressed bodies (backups' `application/gzip`, gzip-framed payloads are passed through untouched).
 * - Every compressible response says `Vary: Accept-Encoding`, compressed or not, so a shared cache never hands a
 *   compressed body to a client that did not ask for one (or the identity body to every client).
 * - Request bodies are not decompressed: no client of ours sends them, and inflating them would walk past bodyLimit.
 */
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Responses smaller than this many bytes are sent identity. */
export const THRESHOLD_BYTES = 1024;
/** Brotli quality for on-the-fly compression (0–11). */
export const BROTLI_QUALITY = 3;
/** gzip level for on-the-fly compression (1–9). */
export const GZIP_LEVEL = 4;
/** Buffered bodies up to this many bytes are compressed synchronously; larger ones and streams through zlib streams. */
export const SYNC_BYTES = 256 * 1024;

/**
 * Content types compressed on the fly: text/* but event streams, JSON and XML (also `+json`/`+xml` suffixes:
 * problem+json, svg+xml, rss+xml) and JavaScript. Not octet-stream (@fastify/compress's default includes it):
 * uploads and downloads of unknown type are often archives already.
 */
export const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$)|^image\/svg\+xml(?:;|$)|^application\/(?:x-)?javascript(?:;|$)/i;

/**
 * Registers compression at the root instance (the plugin is wrapped in fastify-plugin), so it applies to every route
 * registered after this call. Routes registered before it (the static /assets/ routes, precompressed) are left alone.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    syncThreshold: SYNC_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // @fastify/compress adds Vary only to the responses it compresses; the identity answer to a client without
  // Accept-Encoding (or a body under the threshold) varies on that header just the same.
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE.test(type)) addVary(reply.getHeader('vary'), (v) => reply.header('vary', v));
    return payload;
  });
}

/** Appends `accept-encoding` to a Vary value unless it is there already (or is `*`). */
function addVary(current: unknown, set: (value: string) => void): void {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) return set('accept-encoding');
  if (value.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(value)) return;
  set(`${value}, accept-encoding`);
}
