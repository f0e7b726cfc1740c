import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { EXACT_COUNT_LIMIT, KEPT_COUNT_MS } from './question.counts.js';
import { listQuestions } from './question.repository.js';
import { LIST_DEPTH } from './question.service.js';
import { seedQuestions } from './question.plans.testkit.js';
import { API, ask, member } from './question.testkit.js';

/**
 * Deep pages and large counts of GET /question/page (question.service.ts LIST_DEPTH, question.counts.ts) on a site
 * of 12,000 questions: pages near either end are served (the last ones read backwards from the end), pages deeper
 * than LIST_DEPTH from both ends are refused, and a count above EXACT_COUNT_LIMIT is kept for KEPT_COUNT_MS.
 */
for (const dialect of DIALECTS) {
  describe(`question list paging on ${dialect}`, () => {
    let site: TestSite | undefined;
    let listed = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const db = site.app.quorum.database!;
      const before = (await call(site.app, 'GET', `${API}/question/page`)).body.data.count as number;
      listed = before + (await seedQuestions(db, 12_000)).listed;
    }, 120_000);
    afterAll(async () => {
      vi.useRealTimers();
      await site?.close();
    });
    const page = async (query: string) => call(site!.app, 'GET', `${API}/question/page?${query}`);
    const ids = (r: { body: { data: { list: Array<{ id: string }> } } }) => r.body.data.list.map((q) => q.id);
    /** The ids of the rows `offset`.. of an order, read forwards (the oracle). */
    const expected = async (order: 'newest' | 'score' | 'hot', offset: number, limit: number) => (await listQuestions(site!.app.quorum.database!, { order }, offset, limit)).map((q) => q.id);

    it('counts every listed question', async (t) => {
      if (!site) return t.skip();
      expect(listed).toBeGreaterThan(EXACT_COUNT_LIMIT);
      const r = await page('order=newest&page=1&page_size=20');
      expect(r.status).toBe(200);
      expect(r.body.data.count).toBe(listed);
      expect(ids(r)).toEqual(await expected('newest', 0, 20));
    });

    it('serves pages up to LIST_DEPTH deep from the start, and the last pages read from the end', async (t) => {
      if (!site) return t.skip();
      for (const order of ['newest', 'score', 'hot'] as const) {
        const deep = LIST_DEPTH / 20 + 1;
        const r = await page(`order=${order}&page=${deep}&page_size=20`);
        expect(r.status).toBe(200);
        expect(ids(r)).toEqual(await expected(order, (deep - 1) * 20, 20));
        const last = Math.ceil(listed / 20);
        const end = await page(`order=${order}&page=${last}&page_size=20`);
        expect(end.status).toBe(200);
        expect(end.body.data.count).toBe(listed);
        expect(ids(end)).toHaveLength(listed - (last - 1) * 20);
        expect(ids(end)).toEqual(await expected(order, (last - 1) * 20, 20));
        const before = await page(`order=${order}&page=${last - 3}&page_size=20`);
        expect(ids(before)).toEqual(await expected(order, (last - 4) * 20, 20));
      }
    });

    it('refuses a page deeper than LIST_DEPTH from both ends, and lists nothing past the end', async (t) => {
      if (!site) return t.skip();
      const middle = Math.floor(listed / 2 / 20);
      const r = await page(`order=newest&page=${middle}&page_size=20`);
      expect(r.status).toBe(400);
      expect(r.body.reason).toBe('error.question.page_too_deep');
      expect(r.body.msg).toMatch(/too deep/);
      // Just inside the bound from the start: served.
      expect((await page(`order=active&page=${LIST_DEPTH / 10 + 1}&page_size=10`)).status).toBe(200);
      expect((await page(`order=active&page=${LIST_DEPTH / 10 + 2}&page_size=10`)).status).toBe(400);
      const html = await site.app.inject({ method: 'GET', url: `/questions?page=${Math.floor(listed / 2 / 20)}` });
      // The server-rendered list of such a page is the not-found page, kept out of search engines.
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.body).toMatch(/<meta name="robots" content="noindex/);
      const past = await page(`order=newest&page=${Math.ceil(listed / 20) + 5}&page_size=20`);
      expect(past.status).toBe(200);
      expect(past.body.data).toEqual({ count: listed, list: [] });
    });

    it('keeps a large count for KEPT_COUNT_MS while a small one follows every write', async (t) => {
      if (!site) return t.skip();
      const alice = await member(site, 'alice');
      const small = async () => (await page('tag=support')).body.data.count as number;
      const supportBefore = await small();
      expect((await page('order=newest')).body.data.count).toBe(listed);
      await ask(site, alice.token, 'A question asked after the count was taken');
      expect(await small()).toBe(supportBefore + 1);
      expect((await page('order=newest')).body.data.count).toBe(listed);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + KEPT_COUNT_MS + 1000);
      await ask(site, alice.token, 'Another question, once the count is old');
      expect((await page('order=newest')).body.data.count).toBe(listed + 2);
      vi.useRealTimers();
    });
  });
}
