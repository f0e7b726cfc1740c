import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../test/dialects.js';
import { CLIENT_DIR } from '../modules/ssr/index.js';
import { hasWebBuild } from '../modules/ssr/ssr.renderer.js';
import { COMPRESSIBLE, installCompression, THRESHOLD_BYTES } from './compression.js';

const BOTH = { 'accept-encoding': 'br, gzip' };
const GZIP_ONLY = { 'accept-encoding': 'gzip, deflate' };

/** The body of a response, decoded from its content-encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

/** The client entry chunk (from the Vite manifest) and its stylesheet, as /assets/ file names. */
function entryAssets(): { js: string; css: string } {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; css?: string[] }>;
  const entry = Object.values(manifest).find((m) => m.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const css = readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => /^bootstrap-[\w-]+\.css$/.test(f)) ?? entry.css?.[0]?.replace(/^assets\//, '');
  if (!css) throw new Error('no stylesheet among the assets');
  return { js: entry.file.replace(/^assets\//, ''), css };
}

describe('response compression', () => {
  let site: TestSite;
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    const token = await adminToken(site.app);
    for (let i = 1; i <= 6; i++) {
      await call(site.app, 'POST', '/answer/api/v1/question', {
        token,
        body: { title: `How long should batch ${i} of the lager condition?`, content: `Batch ${i} has been at 2 °C for three weeks; is that long enough for a clean pilsner?`, tags: [{ slug_name: 'support' }] },
      });
    }
  }, 120_000);
  afterAll(async () => site?.close());

  it('compresses server-rendered HTML with brotli, or gzip when only gzip is accepted', async () => {
    const plain = await site.app.inject({ method: 'GET', url: '/questions' });
    const br = await site.app.inject({ method: 'GET', url: '/questions', headers: BOTH });
    const gz = await site.app.inject({ method: 'GET', url: '/questions', headers: GZIP_ONLY });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(br)).toContain('How long should batch 1 of the lager condition?');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(gz)).toContain('How long should batch 6 of the lager condition?');
    // The security headers and the CSP nonce are still there.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(String(br.headers['content-security-policy'])).toMatch(/nonce-/);
  });

  it('compresses JSON API responses', async () => {
    const url = '/answer/api/v1/question/page?page=1&page_size=20';
    const plain = await site.app.inject({ method: 'GET', url });
    expect(plain.rawPayload.length).toBeGreaterThan(THRESHOLD_BYTES);
    const br = await site.app.inject({ method: 'GET', url, headers: BOTH });
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(plain.body));
    expect(Number(br.headers['content-length'] ?? br.rawPayload.length)).toBe(br.rawPayload.length);
    const gz = await site.app.inject({ method: 'GET', url, headers: GZIP_ONLY });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(JSON.parse(plain.body));
  });

  it('sends identity to a client without Accept-Encoding (or with identity only), still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      for (const url of ['/questions', '/answer/api/v1/question/page?page=1&page_size=20']) {
        const res = await site.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      }
    }
  });

  it('leaves small responses alone', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/healthz', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });

  it('serves the precompressed entry script and stylesheet from /assets/', async () => {
    const { js, css } = entryAssets();
    for (const file of [js, css]) {
      const original = readFileSync(path.join(CLIENT_DIR, 'assets', file));
      const br = await site.app.inject({ method: 'GET', url: `/assets/${file}`, headers: BOTH });
      expect(br.statusCode, file).toBe(200);
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(String(br.headers.vary), file).toMatch(/accept-encoding/i);
      expect(br.headers['content-type'], file).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(String(br.headers['cache-control']), file).toContain('immutable');
      expect(br.rawPayload.length, file).toBeLessThan(original.length / 2);
      expect(brotliDecompressSync(br.rawPayload).equals(original), file).toBe(true);
      const gz = await site.app.inject({ method: 'GET', url: `/assets/${file}`, headers: GZIP_ONLY });
      expect(gz.headers['content-encoding'], file).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(original), file).toBe(true);
      const plain = await site.app.inject({ method: 'GET', url: `/assets/${file}` });
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.rawPayload.equals(original), file).toBe(true);
    }
  });

  it('sends assets under 1 KB as they are, not compressed per request', async () => {
    const dir = path.join(CLIENT_DIR, 'assets');
    const small = readdirSync(dir).find((f) => f.endsWith('.js') && statSync(path.join(dir, f)).size < 1024);
    expect(small).toBeDefined();
    const res = await site.app.inject({ method: 'GET', url: `/assets/${small}`, headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(readFileSync(path.join(dir, small!)))).toBe(true);
  });

  it('never compresses the event stream', async () => {
    const token = await adminToken(site.app);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as { port: number };
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/answer/api/v1/notification/stream', headers: { ...BOTH, accept: 'text/event-stream', authorization: token } }, (res) => {
        resolve(res.headers);
        req.destroy();
      });
      req.on('error', reject);
    });
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
  });
});

describe('what is compressible', () => {
  it('takes text, JSON, XML and JavaScript; not event streams, images, archives or octet-streams', () => {
    for (const t of ['text/html; charset=utf-8', 'application/json; charset=utf-8', 'application/problem+json', 'application/xml', 'application/rss+xml', 'image/svg+xml', 'text/javascript', 'application/javascript', 'text/css', 'text/plain'])
      expect(COMPRESSIBLE.test(t), t).toBe(true);
    for (const t of ['text/event-stream; charset=utf-8', 'image/png', 'image/webp', 'application/gzip', 'application/zip', 'application/octet-stream', 'font/woff2'])
      expect(COMPRESSIBLE.test(t), t).toBe(false);
  });

  it('passes already-compressed bodies and images through untouched', async () => {
    const app = Fastify();
    await installCompression(app);
    const archive = gzipSync(Buffer.from('backup rows '.repeat(1000)));
    const image = Buffer.alloc(4096, 7);
    app.get('/backup.gz', async (_req, reply) => reply.type('application/gzip').send(archive));
    app.get('/photo.png', async (_req, reply) => reply.type('image/png').send(image));
    app.get('/gzipped-json', async (_req, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(archive));
    for (const [url, body] of [['/backup.gz', archive], ['/photo.png', image], ['/gzipped-json', archive]] as const) {
      const res = await app.inject({ method: 'GET', url, headers: BOTH });
      expect(res.headers['content-encoding'], url).toBe(url === '/gzipped-json' ? 'gzip' : undefined);
      expect(res.rawPayload.equals(body), url).toBe(true);
    }
    await app.close();
  });
});
