import { parseFeed } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const SITE = 'http://localhost:9080';

for (const dialect of DIALECTS) {
  describe(`RSS and Atom feeds on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let adminName = '';
    const ids: Record<string, string> = {};
    let answerId = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      adminName = (await call(site.app, 'GET', '/answer/api/v1/user/info', { token: admin })).body.data.username;
      const ask = async (key: string, title: string, content: string, tag: string) => {
        const r = await call(site!.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title, content, tags: [{ slug_name: tag }] } });
        expect(r.status).toBe(200);
        ids[key] = r.body.data.id;
      };
      await ask('malt', 'Which malt gives a porter its roast?', 'Chocolate malt or black patent: which one, and how much of the grist? ![glass](/uploads/post/abc-10x10.png)', 'brewing');
      await ask('yeast', 'How long does an ale yeast starter keep?', 'I made a starter on Sunday and brew on Friday; is it still good to pitch without a new step?', 'brewing');
      await ask('gone', 'A question about hop schedules that was deleted', 'This one is removed again so it must never reach any feed at all, whatever the order.', 'hops');
      expect((await call(site.app, 'DELETE', '/answer/api/v1/question', { token: admin, body: { id: ids.gone } })).status).toBe(200);
      const member = await registerUser(site.app, 'feedreader');
      // Times are whole seconds: the answer comes a second after the questions, so the active order is certain.
      await new Promise((r) => setTimeout(r, 1100));
      const a = await call(site.app, 'POST', '/answer/api/v1/answer', { token: member.token, body: { question_id: ids.malt, content: 'Use about 5% chocolate malt; black patent is harsher. See [the guide](/questions/1) too.' } });
      expect(a.status).toBe(200);
      answerId = a.body.data.info?.id ?? a.body.data.id;
    });
    afterAll(async () => site?.close());
    const get = (url: string, headers: Record<string, string> = {}) => site!.app.inject({ method: 'GET', url, headers });

    it('serves the newest questions as Atom by default and as RSS 2.0, with what anonymous readers see only', async ({ skip }) => {
      if (!site) return skip();
      const atom = await get('/feeds');
      expect(atom.statusCode).toBe(200);
      expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const a = parseFeed(atom.body)!;
      expect(a.type).toBe('atom');
      expect(a.items.map((i) => i.title)).toEqual(['How long does an ale yeast starter keep?', 'Which malt gives a porter its roast?']);
      expect(a.items[1]!.link).toBe(`${SITE}/questions/${ids.malt}/which-malt-gives-a-porter-its-roast`);
      expect(atom.body).not.toContain('hop schedules');
      expect(atom.body).toContain(`<link rel="self" href="${SITE}/feeds"/>`);

      const rss = await get('/feeds?format=rss');
      expect(rss.statusCode).toBe(200);
      expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const r = parseFeed(rss.body)!;
      expect(r.type).toBe('rss');
      expect(r.title).toBe('Newest questions - Test Site');
      expect(r.items.map((i) => i.title)).toEqual(a.items.map((i) => i.title));
      expect(r.items[0]!.pubDate).toBeInstanceOf(Date);
      expect(rss.body).not.toContain('hop schedules');
    });

    it('orders by activity and lists unanswered questions', async ({ skip }) => {
      if (!site) return skip();
      const active = parseFeed((await get('/feeds?order=active')).body)!;
      expect(active.items[0]!.title).toBe('Which malt gives a porter its roast?');
      const unanswered = parseFeed((await get('/feeds?order=unanswered')).body)!;
      expect(unanswered.items.map((i) => i.title)).toEqual(['How long does an ale yeast starter keep?']);
    });

    it("serves a tag's questions, and 404 for a tag that does not exist", async ({ skip }) => {
      if (!site) return skip();
      const res = await get('/feeds/tags/brewing?format=rss');
      expect(res.statusCode).toBe(200);
      const f = parseFeed(res.body)!;
      expect(f.title).toBe('Newest questions tagged [brewing] - Test Site');
      expect(f.items).toHaveLength(2);
      expect(res.body).toContain(`<category domain="${SITE}/tags/brewing">brewing</category>`);
      expect((await get('/feeds/tags/no-such-tag')).statusCode).toBe(404);
    });

    it('serves a question with its answers, their HTML with absolute links, and 404 for a deleted or unknown one', async ({ skip }) => {
      if (!site) return skip();
      const res = await get(`/feeds/questions/${ids.malt}`);
      expect(res.statusCode).toBe(200);
      const f = parseFeed(res.body)!;
      expect(f.title).toBe('Which malt gives a porter its roast?');
      expect(f.items.map((i) => i.title)).toEqual(['Which malt gives a porter its roast?', 'Answer by feedreader to: Which malt gives a porter its roast?']);
      expect(f.items[1]!.link).toBe(`${SITE}/questions/${ids.malt}/which-malt-gives-a-porter-its-roast/${answerId}`);
      expect(res.body).toContain(`src="${SITE}/uploads/post/abc-10x10.png"`);
      expect(res.body).toContain(`href="${SITE}/questions/1"`);
      expect((await get(`/feeds/questions/${ids.gone}`)).statusCode).toBe(404);
      expect((await get('/feeds/questions/99999999999')).statusCode).toBe(404);
      expect((await get('/feeds/questions/not-an-id')).statusCode).toBe(404);
    });

    it("serves a member's questions and answers, newest first, and 404 for an unknown member", async ({ skip }) => {
      if (!site) return skip();
      const mine = parseFeed((await get(`/feeds/users/${adminName}`)).body)!;
      expect(mine.items.map((i) => i.title)).toEqual(['How long does an ale yeast starter keep?', 'Which malt gives a porter its roast?']);
      const theirs = parseFeed((await get('/feeds/users/feedreader?format=rss')).body)!;
      expect(theirs.items.map((i) => i.title)).toEqual(['Answer by feedreader to: Which malt gives a porter its roast?']);
      expect((await get('/feeds/users/nobody-here')).statusCode).toBe(404);
    });

    it('serves the newest results of a search', async ({ skip }) => {
      if (!site) return skip();
      const f = parseFeed((await get('/feeds/search?q=starter')).body)!;
      expect(f.title).toBe('Search results for "starter" - Test Site');
      expect(f.items.map((i) => i.title)).toEqual(['How long does an ale yeast starter keep?']);
      expect(parseFeed((await get('/feeds/search')).body)!.items).toEqual([]);
    });

    it('answers 304 to a reader holding the current feed (ETag or date), and 200 again after a write', async ({ skip }) => {
      if (!site) return skip();
      const first = await get('/feeds/tags/brewing');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      expect(first.headers['last-modified']).toMatch(/GMT$/);
      const again = await get('/feeds/tags/brewing', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/feeds/tags/brewing', { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
      expect((await get('/feeds/tags/brewing', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
      const r = await call(site.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title: 'Does water chemistry matter for stouts?', content: 'My tap water is soft; should I add chalk or bicarbonate for a dry stout?', tags: [{ slug_name: 'brewing' }] } });
      expect(r.status).toBe(200);
      const after = await get('/feeds/tags/brewing', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(parseFeed(after.body)!.items[0]!.title).toBe('Does water chemistry matter for stouts?');
    });

    it('refuses bad query values with field errors', async ({ skip }) => {
      if (!site) return skip();
      const format = await get('/feeds?format=json');
      expect(format.statusCode).toBe(400);
      expect(format.json().data).toEqual([expect.objectContaining({ error_field: 'format' })]);
      expect((await get('/feeds/tags/brewing?order=score')).statusCode).toBe(400);
    });

    it('offers the feeds on the pages as auto-discovery links', async ({ skip }) => {
      if (!site) return skip();
      const home = await get('/');
      expect(home.body).toContain(`<link rel="alternate" type="application/atom+xml" title="Newest questions (Atom)" href="${SITE}/feeds">`);
      expect(home.body).toContain(`<link rel="alternate" type="application/rss+xml" title="Newest questions (RSS)" href="${SITE}/feeds?format=rss">`);
      expect((await get('/questions?order=unanswered')).body).toContain(`href="${SITE}/feeds?order=unanswered"`);
      expect((await get('/tags/brewing')).body).toContain(`href="${SITE}/feeds/tags/brewing"`);
      expect((await get(`/questions/${ids.malt}/which-malt-gives-a-porter-its-roast`)).body).toContain(`href="${SITE}/feeds/questions/${ids.malt}"`);
      expect((await get('/users/feedreader')).body).toContain(`href="${SITE}/feeds/users/feedreader"`);
    });

    it('has no feed on a private site', async ({ skip }) => {
      if (!site) return skip();
      const login = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/login', { token: admin })).body.data;
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, login_required: true } })).status).toBe(200);
      try {
        for (const url of ['/feeds', '/feeds/tags/brewing', `/feeds/questions/${ids.malt}`, `/feeds/users/${adminName}`, '/feeds/search?q=malt']) {
          const res = await get(url);
          expect([401, 404]).toContain(res.statusCode);
          expect(res.body).not.toContain('porter');
        }
      } finally {
        await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, login_required: false } });
      }
    });
  });
}
