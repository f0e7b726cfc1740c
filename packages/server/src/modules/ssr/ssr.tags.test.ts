import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey } from '@quorum/contract';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from './ssr.renderer.js';

/** The data the server embedded for hydration (window.__QUORUM_DATA__). */
function embedded(html: string): Record<string, unknown> {
  const m = /window\.__QUORUM_DATA__=(.*?);window\.__QUORUM_LANG__/s.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}

// Server-rendered tag pages need the web build (`npm run build`), which `npm test` runs before these tests.
describe('server-rendered tag pages', () => {
  let site: TestSite;
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    const token = await adminToken(site.app);
    const tag = await call(site.app, 'POST', '/answer/api/v1/tag', { token, body: { slug_name: 'lager', display_name: 'Lager', original_text: 'Bottom-fermented **beer**.' } });
    await call(site.app, 'PUT', '/answer/api/v1/tag/synonym', { token, body: { tag_id: tag.body.data.tag_id, synonym_tag_list: [{ slug_name: 'pilsner' }] } });
    await call(site.app, 'POST', '/answer/api/v1/question', { token, body: { title: 'How cold should a lager ferment?', content: 'Lagers need cold temperatures.', tags: [{ slug_name: 'lager' }] } });
  });
  afterAll(async () => site?.close());

  it('renders /tags with the tag cards and prefetched data under the web app key', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/tags' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Tags - Test Site</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:9080/tags">');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('Lager');
    expect(root).toContain('Bottom-fermented beer.');
    expect(embedded(res.body)).toHaveProperty([apiKey('/answer/api/v1/tags/page', { page: 1, page_size: 24, query_cond: 'popular' })]);
  });

  it('renders /tags/{tagName} with the tag, its synonyms and its questions', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/tags/lager' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>[Lager] - Test Site</title>');
    expect(res.body).toContain('<meta name="description" content="Bottom-fermented beer.">');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:9080/tags/lager">');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('How cold should a lager ferment?');
    expect(root).toContain('pilsner');
    const data = embedded(res.body);
    expect(data).toHaveProperty([apiKey('/answer/api/v1/tag', { name: 'lager' })]);
    expect(data).toHaveProperty([apiKey('/answer/api/v1/question/page', { order: 'newest', page: 1, page_size: 20, tag: 'lager' })]);
  });

  it('redirects a synonym to its main tag and answers 404 for unknown tags', async () => {
    const syn = await site.app.inject({ method: 'GET', url: '/tags/pilsner?order=score' });
    expect(syn.statusCode).toBe(301);
    expect(syn.headers.location).toBe('/tags/lager?order=score');
    const missing = await site.app.inject({ method: 'GET', url: '/tags/no-such-tag' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('answers the client pages under /tags with 200 and the page shell: create, a tag\'s info, edit and history', async () => {
    // /tags/create is the create-tag page (spec §2, moderators and admins), not a tag named "create".
    for (const url of ['/tags/create', '/tags/lager/info', '/tags/1/edit', '/tags/1/timeline']) {
      const res = await site.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('localizes the tag list title', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/tags', headers: { 'accept-language': 'zh-CN' } });
    expect(res.body).toContain('<title>标签 - Test Site</title>');
  });
});
