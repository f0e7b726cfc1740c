import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, registerUser, type TestSite } from '../../../test/dialects.js';
import { clearCachesHere, registeredCaches } from '../../core/coherence.js';
import { PageCache, pageCacheBudget } from './ssr.pagecache.js';
import { hasWebBuild, RenderedDocument } from './ssr.renderer.js';

/** Anonymous pages are kept until the next content write (ssr.pagecache.ts); every write shows at once. */
describe('cache of server-rendered pages', () => {
  let site: TestSite;
  let token = '';
  let qid = '';
  let path = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', { token, body: { title: 'Which malt for a porter?', content: 'Looking for a dark malt.', tags: [{ slug_name: 'support' }] } });
    qid = q.body.data.id;
    path = `/questions/${qid}/which-malt-for-a-porter`;
  });
  afterAll(async () => site?.close());
  const page = async (url = path, lang?: string) => {
    const res = await site.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
    expect(res.statusCode).toBe(200);
    return res.body.slice(res.body.indexOf('<div id="root">'));
  };
  // A change written past the services and the write watch (raw SQL: no invalidation, core/coherence.ts) that the
  // question caches are then told of, and the page cache is not, shows whether a page came from the page cache.
  const retitle = async (title: string) => {
    await sql`update questions set title = ${title} where id = ${qid}`.execute(site.app.quorum.database!.kysely);
    clearCachesHere(registeredCaches().map((c) => c.name).filter((n) => n.startsWith('question-')));
  };

  it('serves a page again from the cache, each time with a fresh nonce', async () => {
    expect(await page()).toContain('Which malt for a porter?');
    await retitle('Changed behind the cache');
    const again = await site.app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('Which malt for a porter?');
    const nonces = [again, await site.app.inject({ method: 'GET', url: path })].map((r) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(again.body).toContain(`nonce="${nonces[0]}"`);
    // Another language is a page of its own: rendered anew, it sees the new title (and the address of its slug).
    const zh = await site.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.statusCode).toBe(301);
    expect(zh.headers.location).toBe(`/questions/${qid}/changed-behind-the-cache`);
  });

  it('shows an answer and an edit by the API at once', async () => {
    await retitle('Which malt for a porter?');
    const bob = await registerUser(site.app, 'bob');
    await site.app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1 }).where('id', '=', bob.id).execute();
    const answered = await call(site.app, 'POST', '/answer/api/v1/answer', { token: bob.token, body: { question_id: qid, content: 'Brown malt and a little chocolate malt.' } });
    expect(answered.status).toBe(200);
    const html = await page();
    expect(html).toContain('Which malt for a porter?');
    expect(html).toContain('Brown malt and a little chocolate malt.');
    const list = await page('/questions');
    expect(list).toContain('Which malt for a porter?');

    const edited = await call(site.app, 'PUT', '/answer/api/v1/question', { token, body: { id: qid, title: 'Which malts for a robust porter?', content: 'Looking for dark malts.', tags: [{ slug_name: 'support' }] } });
    expect(edited.status).toBe(200);
    const after = await site.app.inject({ method: 'GET', url: path });
    expect([200, 301]).toContain(after.statusCode);
    const current = await page(after.statusCode === 301 ? String(after.headers.location) : path);
    expect(current).toContain('Which malts for a robust porter?');
    expect(await page('/questions')).toContain('Which malts for a robust porter?');
  });

  it('sends a cached page with text outside ASCII byte for byte as rendered, with its own nonce and length', async () => {
    const content = 'Crème brûlée stout, 黑啤酒 and a 🍺: which yeast? Ünïcödé in every script — ✓.';
    const q = await call(site.app, 'POST', '/answer/api/v1/question', { token, body: { title: 'Brûlée stout with 黑啤酒 yeast 🍺', content, tags: [{ slug_name: 'support' }] } });
    expect(q.status).toBe(200);
    const first = await site.app.inject({ method: 'GET', url: `/questions/${q.body.data.id}` });
    const url = first.statusCode === 301 ? String(first.headers.location) : `/questions/${q.body.data.id}`;
    const [rendered, cached] = [await site.app.inject({ method: 'GET', url }), await site.app.inject({ method: 'GET', url })];
    for (const res of [rendered, cached]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // The length is the bytes sent, which decode to the text written.
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.toString('utf8')).toContain('Brûlée stout with 黑啤酒 yeast 🍺');
      expect(res.body).toContain('Crème brûlée stout, 黑啤酒 and a 🍺: which yeast? Ünïcödé in every script — ✓.');
    }
    // The second came from the cache: the same document apart from the nonce.
    const nonceOf = (r: typeof rendered) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))![1]!;
    expect(nonceOf(rendered)).not.toBe(nonceOf(cached));
    expect(cached.body.split(nonceOf(cached)).join('N')).toBe(rendered.body.split(nonceOf(rendered)).join('N'));
  });

  it('serves the cached page whatever other parameters come with the address, and renders each parameter the page reads', async () => {
    await retitle('Which malt for a porter?');
    // The address of the question now (an earlier test edited it through the API, which moved its slug).
    const moved = await site.app.inject({ method: 'GET', url: `/questions/${qid}` });
    const here = moved.statusCode === 301 ? String(moved.headers.location) : `/questions/${qid}`;
    const first = await site.app.inject({ method: 'GET', url: `${here}?utm_source=newsletter-7&fbclid=abc123` });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Which malt for a porter?');
    // Rendered for the address without them: another visitor is never sent this one's parameters.
    expect(first.body).not.toContain('newsletter-7');
    expect(first.body).not.toContain('abc123');
    await retitle('Changed behind the cache again');
    for (const junk of ['?utm_source=other', '?x=1&y=2', '?fbclid=zzz', '']) {
      const res = await site.app.inject({ method: 'GET', url: `${here}${junk}` });
      expect(res.statusCode).toBe(200);
      expect(res.body, junk).toContain('Which malt for a porter?');
    }
    // The answers' page number is read by the page: a page of its own, rendered now. It sees the new title, whose
    // slug is the question's address now (the redirect keeps the visitor's whole query).
    const second = await site.app.inject({ method: 'GET', url: `${here}?page=2&utm_source=other` });
    expect(second.statusCode).toBe(301);
    expect(second.headers.location).toBe(`/questions/${qid}/changed-behind-the-cache-again?page=2&utm_source=other`);
    // The list's order is one too, and the list's other parameters are not.
    const newest = await site.app.inject({ method: 'GET', url: '/questions?order=newest' });
    const active = await site.app.inject({ method: 'GET', url: '/questions?order=active&ref=twitter' });
    expect([newest.statusCode, active.statusCode]).toEqual([200, 200]);
    expect(active.body).not.toContain('twitter');
    await retitle('Which malt for a porter?');
  });

  it('keeps no page when QUORUM_PAGE_CACHE_MB is 0, and refuses a budget that is not a number of megabytes', async () => {
    expect(pageCacheBudget({})).toBe(48 * 1024 * 1024);
    expect(pageCacheBudget({ QUORUM_PAGE_CACHE_MB: '16' })).toBe(16 * 1024 * 1024);
    expect(pageCacheBudget({ QUORUM_PAGE_CACHE_MB: '0' })).toBe(0);
    // The node's budget is shared out among the workers cluster.ts forks.
    expect(pageCacheBudget({ QUORUM_NODE_WORKERS: '2' })).toBe(24 * 1024 * 1024);
    expect(pageCacheBudget({ QUORUM_NODE_WORKERS: '3', QUORUM_PAGE_CACHE_MB: '30' })).toBe(10 * 1024 * 1024);
    expect(pageCacheBudget({ QUORUM_NODE_WORKERS: '1', QUORUM_PAGE_CACHE_MB: '16' })).toBe(16 * 1024 * 1024);
    expect(pageCacheBudget({ QUORUM_NODE_WORKERS: 'x' })).toBe(48 * 1024 * 1024);
    for (const bad of ['-1', '1.5', '16MB', 'lots']) expect(() => pageCacheBudget({ QUORUM_PAGE_CACHE_MB: bad })).toThrow(/QUORUM_PAGE_CACHE_MB must be a whole number of megabytes/);

    process.env.QUORUM_PAGE_CACHE_MB = '0';
    let uncached: TestSite | undefined;
    try {
      uncached = await installedSite('sqlite3');
      const admin = await adminToken(uncached.app);
      const q = await call(uncached.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title: 'Is the cache off here?', content: 'Every page is rendered anew.', tags: [{ slug_name: 'support' }] } });
      const url = `/questions/${q.body.data.id}/is-the-cache-off-here`;
      expect((await uncached.app.inject({ method: 'GET', url })).body).toContain('Is the cache off here?');
      await uncached.app.quorum.database!.kysely.updateTable('questions').set({ title: 'Rendered again' }).where('id', '=', q.body.data.id).execute();
      const again = await uncached.app.inject({ method: 'GET', url });
      expect([200, 301]).toContain(again.statusCode);
      expect(again.statusCode === 301 ? String(again.headers.location) : again.body).toMatch(/Rendered again|rendered-again/);
    } finally {
      delete process.env.QUORUM_PAGE_CACHE_MB;
      await uncached?.close();
    }
  });

  it('keeps pages within its budget, dropping first a page not read since the eviction last passed it', () => {
    // 1,024 bytes: sixteen pages of 64 bytes, the largest a page may be (a sixteenth of the budget).
    const cache = new PageCache(1024);
    const doc = (bytes: number) => new RenderedDocument(['x'.repeat(bytes)]);
    for (let i = 0; i < 16; i++) cache.set(`p${i}`, doc(64));
    expect(cache.size()).toEqual({ pages: 16, bytes: 1024 });
    expect(cache.get('p0')).toBeDefined(); // p0 read: p1 is the oldest page not read since
    cache.set('new', doc(64));
    expect(cache.size()).toEqual({ pages: 16, bytes: 1024 });
    expect(cache.get('p1')).toBeUndefined();
    for (const key of ['p0', 'p2', 'p15', 'new']) expect(cache.get(key), key).toBeDefined();
    cache.set('big', doc(65));
    expect(cache.get('big')).toBeUndefined();
    cache.close();
  });

  it('counts a page\'s compressed copies in its budget, and keeps none that a write cleared meanwhile', async () => {
    const cache = new PageCache(1024 * 1024);
    const text = '<p>A page of text long enough to compress.</p>'.repeat(200);
    const doc = new RenderedDocument(['<!doctype html><script nonce="', `">1</script>${text}<script nonce="`, '">2</script>']);
    cache.set('p', doc);
    expect(cache.size().bytes).toBe(doc.byteLength);
    cache.get('p');
    for (let i = 0; i < 100 && cache.size().bytes === doc.byteLength; i++) await new Promise((r) => setTimeout(r, 10));
    const held = cache.size().bytes;
    expect(held).toBeGreaterThan(doc.byteLength);
    expect(held).toBeLessThan(doc.byteLength * 1.5);
    expect(cache.get('p')!.variants.br).toBeDefined();
    // Compression that ends after a write cleared the cache keeps nothing.
    cache.set('q', doc);
    cache.get('q');
    clearCachesHere(['pages']);
    await new Promise((r) => setTimeout(r, 200));
    expect(cache.size()).toEqual({ pages: 0, bytes: 0 });
    cache.close();
  });
});
