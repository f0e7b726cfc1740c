import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from './ssr.renderer.js';

type Res = Awaited<ReturnType<TestSite['app']['inject']>>;

/** The body of a response, decoded from its content-encoding. */
function decoded(res: Res): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

const nonceOf = (res: Res) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';

/** Cached pages are sent from compressed copies with each response's nonce put in (ssr.compressed.ts). */
describe('cached pages kept compressed', () => {
  let site: TestSite;
  let url = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    const token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', {
      token,
      body: { title: 'How cold should a lager ferment?', content: 'Between 9 and 12 °C for a clean lager — ünïcödé and 黑啤酒 too. '.repeat(20), tags: [{ slug_name: 'support' }] },
    });
    const first = await site.app.inject({ method: 'GET', url: `/questions/${q.body.data.id}` });
    url = first.statusCode === 301 ? String(first.headers.location) : `/questions/${q.body.data.id}`;
  }, 120_000);
  afterAll(async () => site?.close());

  /** Reads `url` with `encoding` until a response carries its nonce as plain bytes (a stored variant), or gives up. */
  async function storedVariant(encoding: string): Promise<Res> {
    let res: Res | undefined;
    for (let i = 0; i < 100; i++) {
      res = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      if (res.rawPayload.includes(Buffer.from(nonceOf(res), 'latin1'))) return res;
      await new Promise((r) => setTimeout(r, 20));
    }
    return res!;
  }

  for (const encoding of ['br', 'gzip']) {
    it(`sends a cache hit as stored ${encoding} bytes with a fresh nonce of its own, equal to the page rendered`, async () => {
      const plain = await site.app.inject({ method: 'GET', url });
      const a = await storedVariant(encoding);
      const b = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      for (const res of [a, b]) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        // The nonce travels uncompressed in the stored bytes: nothing was compressed for this response.
        expect(res.rawPayload.includes(Buffer.from(nonceOf(res), 'latin1'))).toBe(true);
        const html = decoded(res);
        expect(html).toContain(`nonce="${nonceOf(res)}"`);
        expect(html.split(nonceOf(res)).join('N')).toBe(plain.body.split(nonceOf(plain)).join('N'));
        expect(html).toContain('ünïcödé and 黑啤酒');
      }
      expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOf(a)).not.toBe(nonceOf(b));
      // Compressed about as well as on the fly.
      expect(a.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2.5);
    });
  }

  it('still sends the page as it is to a client that accepts no compression', async () => {
    await storedVariant('br');
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await site.app.inject({ method: 'GET', url, headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toContain(`nonce="${nonceOf(res)}"`);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
    const gz = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('shows a write at once: the compressed copy goes with the page', async () => {
    const token = await adminToken(site.app);
    await storedVariant('br');
    const qid = url.split('/')[2]!;
    const edited = await call(site.app, 'PUT', '/answer/api/v1/question', { token, body: { id: qid, title: 'How cold should a pilsner ferment?', content: 'Between 9 and 12 °C, and then lagered for weeks.', tags: [{ slug_name: 'support' }] } });
    expect(edited.status).toBe(200);
    const moved = await site.app.inject({ method: 'GET', url });
    url = moved.statusCode === 301 ? String(moved.headers.location) : url;
    const res = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(decoded(res)).toContain('How cold should a pilsner ferment?');
    expect(decoded(await storedVariant('br'))).toContain('How cold should a pilsner ferment?');
  });

  it('compresses the not-found page and the page of an address the router refuses', async () => {
    for (const [path, status] of [['/no-such-page/at-all', 404], ['/questions/%E0%A4%A', 404]] as const) {
      const res = await site.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(String(res.headers.vary), path).toMatch(/accept-encoding/i);
      expect(decoded(res), path).toContain(`nonce="${nonceOf(res)}"`);
    }
  });

  it('compresses the OpenAPI document and the API viewer, sending the Swagger UI files compressed once', async () => {
    const doc = await site.app.inject({ method: 'GET', url: '/answer/api/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(doc)).openapi).toMatch(/^3\./);
    const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const original = readFileSync(path.join(dir, 'swagger-ui-bundle.js'));
    for (const encoding of ['br', 'gzip']) {
      const res = await site.app.inject({ method: 'GET', url: '/api-docs/swagger-ui-bundle.js', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(original.length / 3);
      expect((encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).equals(original)).toBe(true);
    }
    const plain = await site.app.inject({ method: 'GET', url: '/api-docs/swagger-ui-bundle.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });
});
