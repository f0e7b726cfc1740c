import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../test/dialects.js';
import { hasWebBuild } from '../modules/ssr/ssr.renderer.js';
import { PUBLIC_LISTS } from './etag.js';
import { SESSION_COOKIE } from './session-cookie.js';

type Res = Awaited<ReturnType<TestSite['app']['inject']>>;

/** Anonymous pages and public API lists answer If-None-Match with 304 (core/etag.ts); logged-in readers never. */
describe('revalidation with ETag', () => {
  let site: TestSite;
  let token = '';
  let qid = '';
  let page = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', { token, body: { title: 'Does a stout need a long boil?', content: 'Sixty or ninety minutes for a dry stout?', tags: [{ slug_name: 'support' }] } });
    qid = q.body.data.id;
    const first = await site.app.inject({ method: 'GET', url: `/questions/${qid}` });
    page = first.statusCode === 301 ? String(first.headers.location) : `/questions/${qid}`;
  }, 120_000);
  afterAll(async () => site?.close());

  const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });
  const nonceOf = (res: Res) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';

  function expectNotModified(res: Res, etag: string) {
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  }

  it('gives an anonymous page a weak ETag that stays across nonces, and answers it with 304 without body or policy', async () => {
    for (const url of ['/questions', page, '/tags', '/tags/support', '/questions?order=newest']) {
      const a = await get(url);
      const b = await get(url, { 'accept-encoding': 'br' });
      expect(a.statusCode, url).toBe(200);
      const etag = String(a.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]{27}"$/);
      expect(b.headers.etag, url).toBe(etag);
      expect(nonceOf(a), url).not.toBe(nonceOf(b));
      expect(a.headers['cache-control'], url).toBe('private, no-cache');
      for (const inm of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': inm, 'accept-encoding': 'br, gzip' });
        expectNotModified(again, etag);
        // The browser keeps the stored policy, whose nonce is the stored page's.
        expect(again.headers['content-security-policy'], url).toBeUndefined();
      }
      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toContain(`nonce="${nonceOf(other)}"`);
    }
  });

  it('sends a changed page in full once a write changed it', async () => {
    const before = await get(page);
    const etag = String(before.headers.etag);
    const answered = await call(site.app, 'POST', '/answer/api/v1/answer', { token, body: { question_id: qid, content: 'Ninety minutes darkens it a little more.' } });
    expect(answered.status).toBe(200);
    const after = await get(page, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain('Ninety minutes darkens it a little more.');
  });

  it('never gives a logged-in reader an ETag nor a 304, by header or by session cookie', async () => {
    const anonymous = await get(page);
    const etag = String(anonymous.headers.etag);
    const credentials: Array<Record<string, string>> = [{ authorization: token }, { cookie: `${SESSION_COOKIE}=${token}` }];
    for (const headers of credentials) {
      for (const url of [page, '/answer/api/v1/question/page?page=1&page_size=20']) {
        const res = await get(url, { ...headers, 'if-none-match': url === page ? etag : '*' });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.etag, url).toBeUndefined();
        expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('private');
        expect(res.rawPayload.length, url).toBeGreaterThan(0);
      }
    }
  });

  it('gives the public API lists an ETag and answers it with 304, compressed or not', async () => {
    const urls = [
      '/answer/api/v1/question/page?page=1&page_size=20&order=newest',
      `/answer/api/v1/answer/page?question_id=${qid}&page=1&page_size=20`,
      '/answer/api/v1/tags/page?page=1&page_size=20',
      '/answer/api/v1/user/ranking',
      '/answer/api/v1/personal/question/page?username=admin&page=1&page_size=20',
    ];
    for (const url of urls) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      const etag = String(plain.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]{27}"$/);
      expect(plain.headers['cache-control'], url).toBe('private, no-cache');
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers.etag, url).toBe(etag);
      expectNotModified(await get(url, { 'if-none-match': etag, 'accept-encoding': 'br, gzip' }), etag);
      expectNotModified(await get(url, { 'if-none-match': etag }), etag);
    }
    // Another list is another ETag.
    const one = await get('/answer/api/v1/question/page?page=1&page_size=20');
    const two = await get('/answer/api/v1/question/page?page=2&page_size=20', { 'if-none-match': String(one.headers.etag) });
    expect(two.statusCode).toBe(200);
    expect(two.headers.etag).not.toBe(one.headers.etag);
    // Every route named is one the server has.
    for (const route of PUBLIC_LISTS) expect(site.app.hasRoute({ method: 'GET', url: route }), route).toBe(true);
  });

  it('gives no ETag to other API calls, to errors, nor to the shell pages', async () => {
    for (const url of ['/answer/api/v1/siteinfo', `/answer/api/v1/question/info?id=${qid}`, '/answer/api/v1/question/page?page=0', '/questions/ask', '/no-such-page']) {
      const res = await get(url, { 'if-none-match': '*' });
      expect(res.statusCode, url).not.toBe(304);
      expect(res.headers.etag, url).toBeUndefined();
    }
  });
});
