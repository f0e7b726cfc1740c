/**
 * A cached page kept compressed with brotli and gzip, so that a cache hit sends compressed bytes without
 * compressing anything, and still carries a fresh CSP nonce of its own (core/csp.ts: 128 random bits per response).
 *
 * The document is compressed once, cut where its nonces go (`RenderedDocument`). A response is the compressed
 * segments with the response's nonce put between them as *uncompressed* blocks, which both formats have:
 *
 * - gzip (RFC 1951/1952): each piece of HTML is deflated on its own, ending in a sync flush (byte-aligned, not
 *   final), the nonce goes in a stored block (`00 LEN NLEN bytes`) and the last piece ends the stream. No piece
 *   refers back into another, so any nonce fits. The member's CRC-32 is combined per response from the pieces'
 *   CRCs (zlib's crc32_combine, in GF(2)) and the nonce's, without reading the HTML again.
 * - brotli (RFC 7932): one encoder sees the pieces with a placeholder of the nonce's length between them, flushed
 *   (byte-aligned) before and after each placeholder; the placeholder's output is replaced per response by an
 *   uncompressed meta-block holding the nonce. The placeholders are 22 bytes that never occur in UTF-8 followed by
 *   `==`, the end of every nonce (16 bytes in base64), so the window positions, the two bytes of literal context
 *   after a nonce and the static-dictionary distances are the same for every nonce, and a later copy that reached
 *   into a placeholder would differ for every nonce.
 *
 * Each variant is checked once before it is kept: it is decompressed with a nonce of its own and must give the
 * document byte for byte, else it is not kept (that page is then compressed per response, as before).
 * Compression and the check run in the libuv thread pool, after the page is first read again from the cache, at
 * KEPT_BROTLI_QUALITY / KEPT_GZIP_LEVEL: once per page, so the copies are smaller than those made on the fly.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { newNonce } from '../../core/csp.js';
import { weakEtag } from '../../core/etag.js';
import type { RenderedDocument } from './ssr.renderer.js';

const { constants } = zlib;
const deflateRaw = promisify(zlib.deflateRaw);
const gunzip = promisify(zlib.gunzip);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** Bytes never found in UTF-8 text: a marker made of them cannot be confused with the page's own bytes. */
const NOT_UTF8 = [0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff];
/** Written where the nonces go to find the pieces of a document (latin1: one byte per character). */
const MARK = '\xff\xfe\xff\xfe';
/** What every nonce of core/csp.ts looks like (16 bytes in base64); a brotli variant takes only these. */
const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}==$/;
const NONCE_LENGTH = 24;
/**
 * Brotli quality and gzip level of the kept copies: made once per page in the thread pool, so better than on the
 * fly (core/compression.ts: brotli 0, gzip 1) for every hit after.
 */
export const KEPT_BROTLI_QUALITY = 5;
export const KEPT_GZIP_LEVEL = 6;

/** A document's HTML cut where its nonces go (the UTF-8 pieces of `RenderedDocument`). */
export function documentPieces(doc: RenderedDocument): Buffer[] {
  const whole = doc.body(MARK);
  const mark = Buffer.from(MARK, 'latin1');
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = whole.indexOf(mark); at >= 0; at = whole.indexOf(mark, from)) {
    pieces.push(whole.subarray(from, at));
    from = at + mark.length;
  }
  pieces.push(whole.subarray(from));
  return pieces;
}

/** Weak ETag of a document: a hash of its HTML with a fixed mark where the nonces go (core/etag.ts). */
export function documentEtag(doc: RenderedDocument): string {
  return weakEtag(doc.body(MARK));
}

/** One compressed variant of a cached document: `body(nonce)` is the response's compressed bytes. */
export interface CompressedDocument {
  /** Bytes held (the segments). */
  readonly byteLength: number;
  /** The compressed document with `nonce` in every nonce slot, or undefined when this variant cannot take it. */
  body(nonce: string): Buffer | undefined;
}

/** The brotli and gzip variants of a document (either may be missing: it failed its check). */
export interface Variants {
  br?: CompressedDocument;
  gzip?: CompressedDocument;
}

/** Compresses `doc` both ways and checks each variant (module docstring). Never rejects: a failure keeps nothing. */
export async function compressDocument(doc: RenderedDocument): Promise<Variants> {
  const pieces = documentPieces(doc);
  const [br, gzip] = await Promise.all([
    brotliVariant(pieces).then((v) => checked(doc, v, brotliDecompress), () => undefined),
    gzipVariant(pieces).then((v) => checked(doc, v, gunzip), () => undefined),
  ]);
  return { br, gzip };
}

/** `variant` if it decompresses, with a nonce of its own, to exactly the document; else undefined. */
async function checked(doc: RenderedDocument, variant: CompressedDocument, decompress: (b: Buffer) => Promise<Buffer>): Promise<CompressedDocument | undefined> {
  const nonce = newNonce();
  const body = variant.body(nonce);
  if (!body) return undefined;
  return (await decompress(body)).equals(doc.body(nonce)) ? variant : undefined;
}

/** Placeholder `i` of the brotli encoder: 22 bytes out of UTF-8 (a different run for each slot), then `==`. */
function placeholder(i: number): Buffer {
  const b = Buffer.alloc(NONCE_LENGTH, 0x3d);
  let s = (Math.imul(i + 1, 2654435761) ^ 0x9e3779b9) >>> 0;
  for (let j = 0; j < NONCE_LENGTH - 2; j++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    b[j] = NOT_UTF8[(s >>> 16) % NOT_UTF8.length]!;
  }
  return b;
}

/** Header of an uncompressed brotli meta-block of `n` bytes (1..65536), at a byte boundary: ISLAST 0, 4 nibbles. */
function brotliRawHeader(n: number): Buffer {
  const v = ((n - 1) << 3) | (1 << 19);
  return Buffer.from([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff]);
}

/** The brotli variant of a document's pieces (module docstring). */
async function brotliVariant(pieces: readonly Buffer[]): Promise<CompressedDocument> {
  const enc = zlib.createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  let out: Buffer[] = [];
  enc.on('data', (d: Buffer) => out.push(d));
  const take = (): Buffer => {
    const b = Buffer.concat(out);
    out = [];
    return b;
  };
  // A flush's output has been pushed by the time its callback runs; the turn of the event loop lets it arrive.
  const flushed = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      enc.once('error', reject);
      enc.write(chunk);
      enc.flush(constants.BROTLI_OPERATION_FLUSH, () => setImmediate(() => (enc.off('error', reject), resolve())));
    });
  const segments: Buffer[] = [];
  for (let i = 0; i < pieces.length - 1; i++) {
    await flushed(pieces[i]!);
    segments.push(take());
    await flushed(placeholder(i));
    take();
  }
  await new Promise<void>((resolve, reject) => {
    enc.once('error', reject);
    enc.once('end', resolve);
    enc.end(pieces[pieces.length - 1]!);
  });
  segments.push(take());
  const header = brotliRawHeader(NONCE_LENGTH);
  return {
    byteLength: segments.reduce((n, s) => n + s.length, 0),
    body(nonce) {
      if (!NONCE_SHAPE.test(nonce)) return undefined;
      if (segments.length === 1) return segments[0]!;
      const raw = Buffer.from(nonce, 'latin1');
      const parts: Buffer[] = [segments[0]!];
      for (let i = 1; i < segments.length; i++) parts.push(header, raw, segments[i]!);
      return Buffer.concat(parts);
    },
  };
}

/** The gzip variant of a document's pieces (module docstring). */
async function gzipVariant(pieces: readonly Buffer[]): Promise<CompressedDocument> {
  const last = pieces.length - 1;
  const segments = await Promise.all(pieces.map((p, i) => deflateRaw(p, { level: KEPT_GZIP_LEVEL, finishFlush: i === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH })));
  const crcs = pieces.map((p) => crc32(p));
  // x^(8 * length) mod P of every piece but the first: what appending that piece does to a CRC.
  const shifts = pieces.map((p) => x2nmodp(p.length, 3));
  const length = pieces.reduce((n, p) => n + p.length, 0);
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  return {
    byteLength: segments.reduce((n, s) => n + s.length, 0) + 8 * pieces.length,
    body(nonce) {
      const raw = Buffer.from(nonce, 'latin1');
      if (raw.length > 0xffff) return undefined;
      const stored = Buffer.from([0, raw.length & 0xff, raw.length >>> 8, ~raw.length & 0xff, (~raw.length >>> 8) & 0xff]);
      const nonceCrc = crc32(raw);
      const nonceShift = x2nmodp(raw.length, 3);
      let crc = crcs[0]!;
      const parts: Buffer[] = [header, segments[0]!];
      for (let i = 1; i < segments.length; i++) {
        crc = (multmodp(nonceShift, crc) ^ nonceCrc) >>> 0;
        crc = (multmodp(shifts[i]!, crc) ^ crcs[i]!) >>> 0;
        parts.push(stored, raw, segments[i]!);
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE((length + raw.length * (segments.length - 1)) >>> 0, 4);
      parts.push(trailer);
      return Buffer.concat(parts);
    },
  };
}

// CRC-32 (the gzip trailer's), and zlib's way of combining two CRCs without the data (crc32.c, multmodp/x2nmodp).
const POLY = 0xedb88320;
const TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of `buf` (IEEE, as gzip). */
function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** a(x) * b(x) modulo the CRC polynomial (bit-reflected, as zlib). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the CRC polynomial, k = 0..31. */
const X2N = (() => {
  const t = new Uint32Array(32);
  let p = 0x40000000;
  t[0] = p;
  for (let n = 1; n < 32; n++) t[n] = p = multmodp(p, p);
  return t;
})();

/** x^(n * 2^k) modulo the CRC polynomial (k = 3: n bytes). */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multmodp(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
