import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionPath, shortId } from '@quorum/contract';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { hasWebBuild } from './ssr.renderer.js';

const STYLES = [1, 2, 3, 4] as const;

// Permalink styles (spec §9; issue 13): every style's address of a question or answer answers 301 to the
// current style's canonical address, so changing the setting never breaks a link.
describe('permalink styles and redirects', () => {
  let site: TestSite;
  let admin = '';
  let qid = '';
  let aid = '';
  const slug = 'how-warm-can-an-ale-ferment';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    admin = await adminToken(site.app);
    qid = (await call(site.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title: 'How warm can an ale ferment?', content: 'Ale yeast likes it warmer than lager.', tags: [{ slug_name: 'support' }] } })).body.data.id;
    aid = (await call(site.app, 'POST', '/answer/api/v1/answer', { token: admin, body: { question_id: qid, content: 'Up to about 22 °C for most strains.' } })).body.data.info.id;
  });
  afterAll(async () => site?.close());

  const setStyle = async (permalink: number) => {
    const r = await call(site.app, 'PUT', '/answer/admin/api/siteinfo/seo', { token: admin, body: { permalink, robots: 'User-agent: *\n' } });
    expect(r.status).toBe(200);
  };
  /** The address of the question (or its answer) under `style`. */
  const address = (style: number, answer?: string) => questionPath(qid, 'How warm can an ale ferment?', style, answer);

  it("uses Answer's short ids under styles 3 and 4", () => {
    expect(shortId('10010000000000001')).toBe('D1D1');
    expect(address(3)).toBe(`/questions/${shortId(qid)}/${slug}`);
    expect(address(4)).toBe(`/questions/${shortId(qid)}`);
    expect(address(2, aid)).toBe(`/questions/${qid}/${slug}/${aid}`);
  });

  for (const current of STYLES) {
    it(`under style ${current}, every style's links answer 301 to the canonical address`, async () => {
      await setStyle(current);
      const canonical = address(current);
      const home = await site.app.inject({ method: 'GET', url: canonical });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`<link rel="canonical" href="http://localhost:9080${canonical}">`);
      for (const old of STYLES) {
        for (const answer of [undefined, aid]) {
          const from = address(old, answer);
          const to = address(current, answer);
          const res = await site.app.inject({ method: 'GET', url: `${from}?page=1` });
          if (from === to) {
            expect(res.statusCode, from).toBe(200);
          } else {
            expect(res.statusCode, `${from} under style ${current}`).toBe(301);
            expect(res.headers.location).toBe(`${to}?page=1`);
          }
        }
      }
      // A slug that is not the question's also goes to the canonical address.
      const wrongSlug = await site.app.inject({ method: 'GET', url: `/questions/${current >= 3 ? shortId(qid) : qid}/old-title` });
      if (current === 1 || current === 3) {
        expect(wrongSlug.statusCode).toBe(301);
        expect(wrongSlug.headers.location).toBe(canonical);
      }
    });
  }

  it('spells Chinese titles in pinyin in url_title, the canonical link and redirects', async () => {
    await setStyle(1);
    const id = (await call(site.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title: '如何在家酿造啤酒？', content: '需要哪些设备和原料呢？', tags: [{ slug_name: 'support' }] } })).body.data.id;
    const info = await call(site.app, 'GET', `/answer/api/v1/question/info?id=${id}`, { token: admin });
    expect(info.body.data.url_title).toBe('ru-he-zai-jia-niang-zao-pi-jiu');
    const res = await site.app.inject({ method: 'GET', url: `/questions/${id}/${encodeURIComponent('如何在家酿造啤酒')}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/questions/${id}/ru-he-zai-jia-niang-zao-pi-jiu`);
  });

  it('answers 404 for a short id that names no question', async () => {
    expect((await site.app.inject({ method: 'GET', url: '/questions/zzzzzz' })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/questions/not-an-id!' })).statusCode).toBe(404);
  });
});
