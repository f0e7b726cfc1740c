import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, registerUser, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from './ssr.renderer.js';

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
  // A change written past the services (no content write announced) shows whether a page came from the cache.
  const retitle = (title: string) => site.app.quorum.database!.kysely.updateTable('questions').set({ title }).where('id', '=', qid).execute();

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
});
