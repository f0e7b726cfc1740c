import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { member } from './question.testkit.js';

const Q = '/answer/api/v1/question';
const A = '/answer/api/v1/answer';

for (const dialect of DIALECTS) {
  describe(`questions and answers on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let bob = { token: '', id: '' };
    let carol = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      bob = await member(site, 'bob');
      carol = await member(site, 'carol');
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const ask = (token: string, body: Record<string, unknown>) => call(app(), 'POST', Q, { token, body });

    it('needs a token to ask or answer', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'POST', Q, { body: { title: 'x', content: 'y', tags: [{ slug_name: 'support' }] } })).status).toBe(401);
      expect((await call(app(), 'POST', A, { body: { question_id: '1', content: 'answer text' } })).status).toBe(401);
      expect((await call(app(), 'POST', Q, { token: 'bogus', body: {} })).status).toBe(401);
    });

    it.each([
      [{ title: '', content: 'Body', tags: [{ slug_name: 'support' }] }, 'title', 'Title cannot be empty.'],
      [{ title: 'x'.repeat(151), content: 'Body', tags: [{ slug_name: 'support' }] }, 'title', 'Title cannot be longer than 150 characters.'],
      [{ title: 'A title', content: '  ', tags: [{ slug_name: 'support' }] }, 'content', 'Body cannot be empty.'],
      [{ title: 'A title', content: 'Body', tags: [] }, 'tags', 'Add at least one tag.'],
      [{ title: 'A title', content: 'Body' }, 'tags', 'Add at least one tag.'],
      [{ title: 'A title', content: 'Body', tags: [{ slug_name: 'x'.repeat(36) }] }, 'tags.0.slug_name', 'Tag cannot be longer than 35 characters.'],
      [{ title: 12, content: 'Body', tags: [{ slug_name: 'support' }] }, 'title', 'Title cannot be empty.'],
    ])('rejects a bad question %j', async (body, field, message) => {
      if (!site) return;
      const r = await ask(bob.token, body);
      expect(r.status).toBe(400);
      expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
    });

    it('lets a new user use existing tags but not create one; an admin may create tags', async (t) => {
      if (!site) return t.skip();
      const refused = await ask(bob.token, { title: 'Which hops for a pale ale?', content: 'Looking for **hop** advice.', tags: [{ slug_name: 'hops' }] });
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual([{ error_field: 'tags', error_msg: 'You need more reputation to create a new tag. Choose an existing tag.' }]);
      const created = await ask(admin, { title: 'Which hops for a pale ale?', content: 'Looking for **hop** advice.', tags: [{ slug_name: 'Hops', display_name: 'Hops' }] });
      expect(created.status).toBe(200);
      expect(created.body.data.tags).toEqual([{ slug_name: 'hops', display_name: 'Hops', main_tag_slug_name: '', recommend: false, reserved: false }]);
      const reused = await ask(bob.token, { title: 'Dry hopping time?', content: 'How long should I dry hop?', tags: [{ slug_name: 'hops' }, { slug_name: 'support' }] });
      expect(reused.status).toBe(200);
    });

    it('stores rendered, sanitized HTML beside the markdown source', async (t) => {
      if (!site) return t.skip();
      const content = 'Hello <script>alert(1)</script> [site](https://example.com) `x`\n\n```\nprint(1)\n```';
      const r = await ask(bob.token, { title: 'Sanitizing check', content, tags: [{ slug_name: 'support' }] });
      expect(r.status).toBe(200);
      expect(r.body.data.content).toBe(content);
      expect(r.body.data.html).not.toContain('<script');
      expect(r.body.data.html).toContain('<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">site</a>');
      expect(r.body.data.html).toContain('<pre><code>print(1)\n</code></pre>');
      const preview = await call(app(), 'POST', '/answer/api/v1/post/render', { body: { content: '**b** <img src=x onerror=alert(1)>' } });
      expect(preview.body.data).toBe('<p><strong>b</strong> <img src="x" loading="lazy" /></p>\n');
    });

    it('reads a question, 404s unknown ids, and lists it in every order with paging', async (t) => {
      if (!site) return t.skip();
      const r = await ask(carol.token, { title: 'Unanswered question here', content: 'Nobody answered this one.', tags: [{ slug_name: 'support' }] });
      const id = r.body.data.id as string;
      expect(id).toMatch(/^1001\d{13}$/);
      const info = await call(app(), 'GET', `${Q}/info?id=${id}`);
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ id, title: 'Unanswered question here', status: 1, answer_count: 0, user_info: { username: 'carol' } });
      expect((await call(app(), 'GET', `${Q}/info?id=10019999999999999`)).status).toBe(404);
      expect((await call(app(), 'GET', `${Q}/info`)).status).toBe(400);

      for (const order of ['newest', 'active', 'frequent', 'score', 'unanswered', 'hot']) {
        const page = await call(app(), 'GET', `${Q}/page?order=${order}&page=1&page_size=2`);
        expect(page.status, order).toBe(200);
        expect(page.body.data.list.length, order).toBeLessThanOrEqual(2);
        expect(page.body.data.count, order).toBeGreaterThan(0);
      }
      const newest = await call(app(), 'GET', `${Q}/page?order=newest&page_size=1`);
      expect(newest.body.data.list[0].id).toBe(id);
      expect(newest.body.data.list[0]).toMatchObject({ operation_type: 'asked', operator: { username: 'carol' } });
      const beyond = await call(app(), 'GET', `${Q}/page?page=999`);
      expect(beyond.body.data.list).toEqual([]);
      expect((await call(app(), 'GET', `${Q}/page?order=weird`)).status).toBe(400);
      expect((await call(app(), 'GET', `${Q}/page?page=0`)).status).toBe(400);
      expect((await call(app(), 'GET', `${Q}/page?page_size=1000`)).status).toBe(400);
      const byTag = await call(app(), 'GET', `${Q}/page?tag=hops`);
      expect(byTag.body.data.list.every((q: { tags: { slug_name: string }[] }) => q.tags.some((tg) => tg.slug_name === 'hops'))).toBe(true);
      expect((await call(app(), 'GET', `${Q}/page?tag=no-such-tag`)).body.data).toEqual({ count: 0, list: [] });
      // Several comma-separated tags (followed-tags view): questions with any of them, each listed once.
      const both = await call(app(), 'GET', `${Q}/page?tag=hops,support,no-such-tag&page_size=100`);
      const support = await call(app(), 'GET', `${Q}/page?tag=support&page_size=100`);
      const ids = both.body.data.list.map((q: { id: string }) => q.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(both.body.data.count).toBeGreaterThan(byTag.body.data.count);
      expect(both.body.data.count).toBeGreaterThanOrEqual(support.body.data.count);
      expect(both.body.data.list.every((q: { tags: { slug_name: string }[] }) => q.tags.some((tg) => ['hops', 'support'].includes(tg.slug_name)))).toBe(true);
    });

    it('answers: min length, one per user while restrict_answer is on, paged list, counts', async (t) => {
      if (!site) return t.skip();
      const q = await ask(bob.token, { title: 'Best yeast for a stout?', content: 'Which yeast strain?', tags: [{ slug_name: 'support' }] });
      const qid = q.body.data.id as string;
      const short = await call(app(), 'POST', A, { token: carol.token, body: { question_id: qid, content: 'short' } });
      expect(short.status).toBe(400);
      expect(short.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer must be at least 6 characters.' }]);
      const unknown = await call(app(), 'POST', A, { token: carol.token, body: { question_id: '10019999999999999', content: 'An answer text' } });
      expect(unknown.status).toBe(404);
      const first = await call(app(), 'POST', A, { token: carol.token, body: { question_id: qid, content: 'Try an **Irish** ale yeast.' } });
      expect(first.status).toBe(200);
      expect(first.body.data.info).toMatchObject({ question_id: qid, html: '<p>Try an <strong>Irish</strong> ale yeast.</p>\n', accepted: 1, user_info: { username: 'carol' } });
      const again = await call(app(), 'POST', A, { token: carol.token, body: { question_id: qid, content: 'A second answer' } });
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ reason: 'error.answer.restrict_answer' });
      await call(app(), 'POST', A, { token: admin, body: { question_id: qid, content: 'Admin answer text' } });
      await call(app(), 'POST', A, { token: bob.token, body: { question_id: qid, content: 'Self answer text' } });

      const page1 = await call(app(), 'GET', `${A}/page?question_id=${qid}&page=1&page_size=2`);
      expect(page1.body.data.count).toBe(3);
      expect(page1.body.data.list).toHaveLength(2);
      const page2 = await call(app(), 'GET', `${A}/page?question_id=${qid}&page=2&page_size=2`);
      expect(page2.body.data.list).toHaveLength(1);
      const ids = [...page1.body.data.list, ...page2.body.data.list].map((a: { id: string }) => a.id);
      expect(new Set(ids).size).toBe(3);
      expect((await call(app(), 'GET', `${A}/page`)).status).toBe(400);

      const info = await call(app(), 'GET', `${Q}/info?id=${qid}`, { token: carol.token });
      expect(info.body.data).toMatchObject({ answer_count: 3, answered: true });
      const list = await call(app(), 'GET', `${Q}/page?order=active&page_size=1`);
      expect(list.body.data.list[0]).toMatchObject({ id: qid, answer_count: 3, operation_type: 'answered' });
      const me = await call(app(), 'GET', '/answer/api/v1/user/info', { token: carol.token });
      expect(me.body.data.answer_count).toBe(1);
    });

    it('suggests tags by prefix for the editor', async (t) => {
      if (!site) return t.skip();
      const r = await call(app(), 'GET', '/answer/api/v1/question/tags?tag=SU');
      expect(r.body.data.map((x: { slug_name: string }) => x.slug_name)).toContain('support');
      const none = await call(app(), 'GET', '/answer/api/v1/question/tags?tag=%25');
      expect(none.body.data).toEqual([]);
    });
  });
}
