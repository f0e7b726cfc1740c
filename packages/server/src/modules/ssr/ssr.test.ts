import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from './ssr.renderer.js';

// Server-rendered pages need the web build (`npm run build`), which `npm test` runs before these tests.
describe('server-rendered pages', () => {
  let site: TestSite;
  let qid = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    const token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', {
      token,
      body: { title: 'How cold should a lager ferment?', content: 'Lagers need **cold** temperatures.\n\n```\ntemp = 10\n```', tags: [{ slug_name: 'support' }] },
    });
    qid = q.body.data.id;
    await call(site.app, 'POST', '/answer/api/v1/answer', { token, body: { question_id: qid, content: 'Around 10 °C for the primary fermentation.' } });
  });
  afterAll(async () => site?.close());

  it('puts the question, its answers and the head tags in the first HTML', async () => {
    const res = await site.app.inject({ method: 'GET', url: `/questions/${qid}/how-cold-should-a-lager-ferment` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>How cold should a lager ferment? - Test Site</title>');
    expect(html).toContain('<meta name="description" content="Lagers need cold temperatures. temp = 10">');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:9080/questions/${qid}/how-cold-should-a-lager-ferment">`);
    expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"QAPage"/);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Lagers need <strong>cold</strong> temperatures.');
    expect(root).toContain('Around 10 °C for the primary fermentation.');
    expect(html).toContain('window.__QUORUM_DATA__=');
  });

  it('renders the question list with the questions in it', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/questions' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Questions - Test Site</title>');
    expect(res.body.slice(res.body.indexOf('<div id="root">'))).toContain('How cold should a lager ferment?');
    const home = await site.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('How cold should a lager ferment?');
  });

  it('localizes the server-rendered page by Accept-Language', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/questions', headers: { 'accept-language': 'zh-CN' } });
    expect(res.body).toContain('<title>问题 - Test Site</title>');
    expect(res.body).toContain('lang="zh-CN"');
  });

  it('lets search engines list the users and login pages, with a title, a description and a canonical address', async () => {
    for (const [url, title] of [['/users', 'Users'], ['/users/login', 'Log in']] as const) {
      const r = await site.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).not.toContain('noindex');
      expect(r.body, url).toMatch(new RegExp(`<title>${title} - [^<]+</title>`));
      expect(r.body, url).toMatch(/<meta name="description" content="[^"]+"/);
      expect(r.body, url).toMatch(new RegExp(`<link rel="canonical" href="http://localhost(:\\d+)?${url}">`));
    }
    // Account pages stay out of the index.
    expect((await site.app.inject({ method: 'GET', url: '/users/settings/profile' })).body).toContain('noindex');
  });

  it('answers 404 for unknown questions and unknown paths, with the page shell', async () => {
    const missing = await site.app.inject({ method: 'GET', url: '/questions/10019999999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const unknown = await site.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    // Pages the browser renders answer 200 with the shell, the badges pages among them.
    for (const url of ['/badges', '/badges/1', '/tos', '/search?q=malt']) expect((await site.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect((await site.app.inject({ method: 'GET', url: '/badgesx' })).statusCode).toBe(404);
  });

  it('escapes user text in the embedded data and head', async () => {
    const token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', {
      token,
      body: { title: 'Breaking </script><script>alert(1)</script> out', content: 'text body here', tags: [{ slug_name: 'support' }] },
    });
    // The bare address answers 301 to the question's permalink (style 1 carries the slug).
    const bare = await site.app.inject({ method: 'GET', url: `/questions/${q.body.data.id}` });
    expect(bare.statusCode).toBe(301);
    const res = await site.app.inject({ method: 'GET', url: String(bare.headers.location) });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).toContain('<title>Breaking &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; out - Test Site</title>');
  });
});
