import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { clearSitemapCache, URLS_PER_FILE } from './sitemap.service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const URLSET_XSD = readFileSync(path.join(here, 'schema', 'sitemap.xsd'), 'utf8');
const INDEX_XSD = readFileSync(path.join(here, 'schema', 'siteindex.xsd'), 'utf8');

/** Validates a document against one of the sitemap schemas; returns the errors (none when valid). */
async function schemaErrors(xml: string, xsd: string): Promise<string[]> {
  const r = await validateXML({ xml: [{ fileName: 'doc.xml', contents: xml }], schema: [{ fileName: 'schema.xsd', contents: xsd }] });
  return r.valid ? [] : r.errors.map((e) => e.message);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

for (const dialect of DIALECTS) {
  describe(`sitemap and robots.txt on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    const ids: string[] = [];
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      // Start the question sequence just below a file boundary, so three questions fall in file 1 and two in file 2.
      await site.app.quorum.database!.kysely.insertInto('id_sequences').values({ name: 'question', next_value: URLS_PER_FILE - 2 }).execute();
      for (const title of ['First brewing question here', 'Second question & <more>', 'Third brewing question', '如何酿造啤酒 at home', 'Fifth question on yeast']) {
        const r = await call(site.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title, content: 'Enough body text for a question.', tags: [{ slug_name: 'support' }] } });
        expect(r.status).toBe(200);
        ids.push(r.body.data.id);
      }
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    it('serves a sitemap index naming one file per 50,000 question ids and the tag file, valid against the schema', async ({ skip }) => {
      if (!site) return skip();
      const res = await app().inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(await schemaErrors(res.body, INDEX_XSD)).toEqual([]);
      expect(locs(res.body)).toEqual(['http://localhost:9080/sitemap/questions-1.xml', 'http://localhost:9080/sitemap/questions-2.xml', 'http://localhost:9080/sitemap/tags-1.xml']);
    });

    it('lists every listed question once with its last-modified time, in files valid against the schema', async ({ skip }) => {
      if (!site) return skip();
      const one = await app().inject({ method: 'GET', url: '/sitemap/questions-1.xml' });
      const two = await app().inject({ method: 'GET', url: '/sitemap/questions-2.xml' });
      for (const r of [one, two]) {
        expect(r.statusCode).toBe(200);
        expect(await schemaErrors(r.body, URLSET_XSD)).toEqual([]);
        expect(r.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
      }
      expect(locs(one.body)).toEqual([
        `http://localhost:9080/questions/${ids[0]}/first-brewing-question-here`,
        `http://localhost:9080/questions/${ids[1]}/second-question-more`,
        `http://localhost:9080/questions/${ids[2]}/third-brewing-question`,
      ]);
      // Chinese titles are spelled in pinyin.
      expect(locs(two.body)).toEqual([`http://localhost:9080/questions/${ids[3]}/ru-he-niang-zao-pi-jiu-at-home`, `http://localhost:9080/questions/${ids[4]}/fifth-question-on-yeast`]);
      const tags = await app().inject({ method: 'GET', url: '/sitemap/tags-1.xml' });
      expect(await schemaErrors(tags.body, URLSET_XSD)).toEqual([]);
      expect(locs(tags.body)).toEqual(['http://localhost:9080/tags/support']);
      expect((await app().inject({ method: 'GET', url: '/sitemap/questions-3.xml' })).statusCode).toBe(404);
      expect((await app().inject({ method: 'GET', url: '/sitemap/answers-1.xml' })).statusCode).toBe(404);
    });

    it('leaves deleted questions out and follows the permalink style', async ({ skip }) => {
      if (!site) return skip();
      expect((await call(app(), 'DELETE', '/answer/api/v1/question', { token: admin, body: { id: ids[4] } })).status).toBe(200);
      expect((await call(app(), 'PUT', '/answer/admin/api/siteinfo/seo', { token: admin, body: { permalink: 4, robots: 'User-agent: *\nDisallow: /admin\n' } })).status).toBe(200);
      clearSitemapCache(app().quorum);
      const two = await app().inject({ method: 'GET', url: '/sitemap/questions-2.xml' });
      expect(locs(two.body)).toHaveLength(1);
      expect(locs(two.body)[0]).toMatch(/^http:\/\/localhost:9080\/questions\/[0-9a-zA-Z]{4,}$/);
      expect(await schemaErrors(two.body, URLSET_XSD)).toEqual([]);
    });

    it('robots.txt is the seo setting with the sitemap line', async ({ skip }) => {
      if (!site) return skip();
      const res = await app().inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: http://localhost:9080/sitemap.xml\n');
    });

    it('a private site disallows every crawler and has no sitemap', async ({ skip }) => {
      if (!site) return skip();
      const login = (await call(app(), 'GET', '/answer/admin/api/siteinfo/login', { token: admin })).body.data;
      expect((await call(app(), 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, login_required: true } })).status).toBe(200);
      expect((await app().inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
      expect((await app().inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
      expect((await app().inject({ method: 'GET', url: '/sitemap/questions-1.xml' })).statusCode).toBe(404);
      await call(app(), 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, login_required: false } });
    });
  });
}
