/**
 * Response compression on the fly (@fastify/compress) for text the server makes per request: server-rendered HTML,
 * JSON from the API, sitemaps, feeds. Files under /assets/ are compressed once at build time
 * (packages/web/scripts/precompress.mjs) and served as they are by @fastify/static (`preCompressed`).
 * It applies to the routes registered after installCompression (it hooks onRoute), the OpenAPI document and
 * /api-docs included (app.ts installs them after it). Server-rendered pages compress themselves with `compressBody`
 * (modules/ssr: the not-found and error pages too, which are not routes), and a cached page is sent from
 * compressed copies kept with it (modules/ssr/ssr.compressed.ts), so a cache hit costs no compression.
 *
 * - Brotli at quality 1 and gzip at level 1, the cheapest of both. On a 28 KB question page (2 cores, loaded) brotli 1
 *   took ~0.25 ms for 11.0 KB, brotli 3 ~0.35 ms for 9.8 KB, brotli 4 ~0.65 ms for 9.4 KB; gzip 1 ~0.4 ms for 10.4 KB,
 *   gzip 6 ~0.6 ms for 9.5 KB. In `npm run bench -- compression` (docs/BENCHMARKS.md) brotli 3 cost a rendered page
 *   22% of its req/s and brotli 1 nothing measurable, for ~10% more bytes than brotli 3 (27.8 KB -> 6.3 KB).
 *   A cached page lost ~20% while it was compressed again on every hit; it is now kept compressed (see above).
 * - Bodies up to SYNC_BYTES are compressed in one synchronous call: on 2 cores @fastify/compress's default (8 KB)
 *   sent every page through a zlib stream, which cost several times the compression itself.
 * - Bodies under THRESHOLD_BYTES stay identity: the bytes saved do not pay for the work and the headers.
 * - Text, JSON, XML and JavaScript only: never event streams (modules/live hijacks its reply anyway), images or
 *   already-compressed bodies (backups' `application/gzip`, gzip-framed payloads are passed through untouched).
 * - Every compressible response says `Vary: Accept-Encoding`, compressed or not, so a shared cache never hands a
 *   compressed body to a client that did not ask for one (or the identity body to every client).
 * - Request bodies are not decompressed: no client of ours sends them, and inflating them would walk past bodyLimit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Responses smaller than this many bytes are sent identity. */
export const THRESHOLD_BYTES = 1024;
/** Brotli quality for on-the-fly compression (0–11). */
export const BROTLI_QUALITY = 1;
/** gzip level for on-the-fly compression (1–9). */
export const GZIP_LEVEL = 1;
/** Buffered bodies up to this many bytes are compressed synchronously; larger ones and streams through zlib streams. */
export const SYNC_BYTES = 256 * 1024;

/** Brotli options of on-the-fly compression: quality BROTLI_QUALITY, text mode. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

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
    brotliOptions: BROTLI_OPTIONS,
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

/** The encodings this server sends, best first. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send `req` (as @fastify/compress negotiates it): the highest `q` of br and gzip in
 * Accept-Encoding (`*` and `x-gzip` count as gzip, `q=0` refuses), br on a tie; undefined for identity (no or an
 * identity-only Accept-Encoding, or an `x-no-compression` request header).
 */
export function preferredEncoding(req: FastifyRequest): Encoding | undefined {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || req.headers['x-no-compression'] !== undefined) return undefined;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim();
    const enc: Encoding | undefined = name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' || name === '*' ? 'gzip' : undefined;
    if (!enc) continue;
    const qParam = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && enc === 'br')) {
      best = enc;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Compresses a buffered text body for `req` as installCompression would (same encodings, levels and threshold),
 * for responses that compress themselves (server-rendered pages, core/../modules/ssr): sets Content-Encoding and
 * Vary on `reply` and returns the bytes to send, or `body` as it is (identity).
 */
export function compressBody(req: FastifyRequest, reply: FastifyReply, body: Buffer): Buffer {
  varyOnEncoding(reply);
  const enc = body.length >= THRESHOLD_BYTES ? preferredEncoding(req) : undefined;
  if (!enc) return body;
  reply.header('content-encoding', enc);
  return enc === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, { level: GZIP_LEVEL });
}

/** Sets `Vary: Accept-Encoding` on a reply (kept with what it varies on already). */
export function varyOnEncoding(reply: FastifyReply): void {
  addVary(reply.getHeader('vary'), (v) => reply.header('vary', v));
}

/** Appends `accept-encoding` to a Vary value unless it is there already (or is `*`). */
function addVary(current: unknown, set: (value: string) => void): void {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) return set('accept-encoding');
  if (value.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(value)) return;
  set(`${value}, accept-encoding`);
}
