/**
 * Response compression on the fly (@fastify/compress) for text the server makes per request: server-rendered HTML,
 * JSON from the API, sitemaps, feeds. Files under /assets/ are compressed once at build time
 * (packages/web/scripts/precompress.mjs) and served as they are by @fastify/static (`preCompressed`).
 * It applies to the routes registered after installCompression (it hooks onRoute), the OpenAPI document and
 * /api-docs included (app.ts installs them after it). Server-rendered pages compress themselves with `compressBody`
 * (modules/ssr: the not-found and error pages too, which are not routes), and a cached page is sent from
 * compressed copies kept with it (modules/ssr/ssr.compressed.ts), so a cache hit costs no compression.
 *
 * - Brotli at quality 0 and gzip at level 1, the cheapest of both. Quality 0 (brotli's one-pass fast compressor)
 *   sends ~2% more bytes than quality 1 (a 28 KB question page: 6.4 KB) for less work per call: in
 *   `npm run bench -- compression` (docs/BENCHMARKS.md) it took the cost of a rendered page from ~25% of its
 *   req/s (once rendering had become fast, ~1.3 ms) to 0-2%. The list API, at ~9,000 req/s, still loses ~40%:
 *   compressing 20 KB is of the order of all its other work. Earlier, on a 28 KB page, brotli 3 had cost a
 *   rendered page 22% and brotli 4 more.
 *   Bodies compressed by `compressBody` get the size as hint and a window just large enough (brotliOptionsFor).
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
export const BROTLI_QUALITY = 0;
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
  return enc === 'br' ? brotliCompressSync(body, brotliOptionsFor(body.length)) : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * Brotli options for a body of `bytes` bytes: BROTLI_OPTIONS with the size as hint and a window just large enough
 * (2^16..2^22 bytes), so the encoder does not set up its 4 MB default window for a 30 KB page.
 */
export function brotliOptionsFor(bytes: number): { params: Record<number, number> } {
  const lgwin = Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 16))));
  return { params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes, [constants.BROTLI_PARAM_LGWIN]: lgwin } };
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
