/**
 * The Akismet reviewer plugin (plugins/reviewer-akismet) against a fake Akismet started by the test on a local
 * port (never the real service), over HTTP on every engine: ham passes, spam waits in the review queue, blatant
 * spam (`X-akismet-pro-tip: discard`) is refused in the member's language, a garbage answer (`invalid` with
 * `X-akismet-debug-help`) and a time-out queue the post and show the plugin's last error to the admin; a
 * moderator's approve is reported as submit-ham and a reject as submit-spam with the fields comment-check saw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, makeModerator, member, type Member } from '../question/question.testkit.js';

process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
const ADMIN = '/answer/admin/api';

/** A fake Akismet: answers by markers in the content and records every call. */
function fakeAkismet(): Promise<{ server: Server; url: string; calls: { path: string; form: Record<string, string> }[] }> {
  const calls: { path: string; form: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ path: req.url ?? '', form });
      const text = form.comment_content ?? '';
      if (req.url?.startsWith('/1.1/submit-')) return res.end('Thanks for making the web a better place.');
      if (form.api_key !== 'test-key') return res.writeHead(200, { 'X-akismet-debug-help': 'Empty "api_key" value' }).end('invalid');
      if (text.includes('slowmarker')) return void setTimeout(() => res.end('false'), 2500);
      if (text.includes('garbagemarker')) return res.writeHead(200, { 'X-akismet-debug-help': 'We were unable to parse your blog URI' }).end('invalid');
      if (text.includes('discardmarker')) return res.writeHead(200, { 'X-akismet-pro-tip': 'discard' }).end('true');
      res.end(text.includes('spammarker') ? 'true' : 'false');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls })));
}

for (const dialect of DIALECTS) {
  describe(`Akismet reviewer on ${dialect}`, () => {
    let site: TestSite | undefined;
    let fake: Awaited<ReturnType<typeof fakeAkismet>>;
    let admin = '';
    let mod: Member;
    let poster: Member;
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      fake = await fakeAkismet();
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      mod = await member(site, 'akimod', 1);
      await makeModerator(site, mod.id);
      poster = await member(site, 'akiposter', 500);
      const tag = await call(site.app, 'POST', `${API}/question`, { token: admin, body: { title: 'The first question of the akismet tag', content: 'Creates the tag used below.', tags: [{ slug_name: 'akismet', display_name: 'akismet' }] } });
      expect(tag.status).toBe(200);
      const config = await call(site.app, 'PUT', `${ADMIN}/plugin/config`, { token: admin, body: { plugin_slug_name: 'reviewer_akismet', config_fields: { api_key: 'test-key', blog_url: 'https://forum.example', api_url: fake.url } } });
      expect(config.status, JSON.stringify(config.body)).toBe(200);
      expect((await call(site.app, 'PUT', `${ADMIN}/plugin/status`, { token: admin, body: { plugin_slug_name: 'reviewer_akismet', enabled: true } })).status).toBe(200);
    });
    afterAll(async () => {
      await site?.close();
      fake?.server.close();
    });

    const ask = (content: string, lang?: string) =>
      call(site!.app, 'POST', `${API}/question`, { token: poster.token, lang, remoteAddress: '203.0.113.7', headers: { 'user-agent': 'TestBrowser/1.0', referer: 'https://forum.example/questions/ask' }, body: { title: `Akismet question number ${++n} about sourdough`, content, tags: [{ slug_name: 'akismet' }] } });
    const statusOf = async (id: string) => Number((await site!.app.quorum.database!.kysely.selectFrom('questions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
    const lastError = async () => ((await call(site!.app, 'GET', `${ADMIN}/plugins`, { token: admin })).body.data as { slug_name: string; last_error: string }[]).find((p) => p.slug_name === 'reviewer_akismet')!.last_error;
    const decide = (review_id: string, status: 'approve' | 'reject') => call(site!.app, 'PUT', `${API}/review/pending/post`, { token: mod.token, body: { review_id, status } });

    it('ham passes, with the documented comment-check fields', async (t) => {
      if (!site) return t.skip();
      const r = await ask(`A perfectly normal question body, number ${n}, about feeding a starter.`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await statusOf(r.body.data.id)).toBe(1);
      const check = fake.calls.filter((c) => c.path === '/1.1/comment-check').at(-1)!;
      expect(check.form).toMatchObject({ api_key: 'test-key', blog: 'https://forum.example', user_ip: '203.0.113.7', user_agent: 'TestBrowser/1.0', referrer: 'https://forum.example/questions/ask', comment_type: 'forum-post', comment_author: 'akiposter', comment_author_email: 'akiposter@example.com', blog_lang: 'en', blog_charset: 'UTF-8' });
      expect(check.form.comment_content).toContain('feeding a starter');
    });

    it('spam waits in the review queue; approving it sends submit-ham, rejecting sends submit-spam, with the same fields', async (t) => {
      if (!site) return t.skip();
      const a = await ask('This spammarker question should wait for a moderator, first of two.');
      const b = await ask('This spammarker question should wait for a moderator, second of two.');
      expect(await statusOf(a.body.data.id)).toBe(11);
      expect(await statusOf(b.body.data.id)).toBe(11);
      expect((await decide(a.body.data.id, 'approve')).status).toBe(200);
      expect(await statusOf(a.body.data.id)).toBe(1);
      const ham = fake.calls.filter((c) => c.path === '/1.1/submit-ham');
      expect(ham).toHaveLength(1);
      expect(ham[0]!.form).toMatchObject({ api_key: 'test-key', user_ip: '203.0.113.7', user_agent: 'TestBrowser/1.0', comment_type: 'forum-post' });
      expect(ham[0]!.form.permalink).toMatch(new RegExp(`/questions/${a.body.data.id}$`));
      expect(ham[0]!.form.comment_content).toContain('first of two');
      expect((await decide(b.body.data.id, 'reject')).status).toBe(200);
      const spam = fake.calls.filter((c) => c.path === '/1.1/submit-spam');
      expect(spam).toHaveLength(1);
      expect(spam[0]!.form.comment_content).toContain('second of two');
      // Reported once: a post nobody queued, or one already reported, sends nothing more.
      expect(fake.calls.filter((c) => c.path.startsWith('/1.1/submit-'))).toHaveLength(2);
    });

    it('blatant spam (pro-tip discard) is refused with a field error in the member\'s language', async (t) => {
      if (!site) return t.skip();
      const r = await ask('Blatant discardmarker spam that Akismet says to discard.', 'es_ES');
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: 'content', error_msg: 'Esto parece spam y no se ha publicado.' }]);
    });

    it('a garbage answer queues the post and shows Akismet\'s debug help as the plugin\'s last error', async (t) => {
      if (!site) return t.skip();
      const r = await ask('This garbagemarker question meets a confused Akismet.');
      expect(r.status).toBe(200);
      expect(await statusOf(r.body.data.id)).toBe(11);
      expect(await lastError()).toContain('We were unable to parse your blog URI');
    });

    it('a time-out (reviewer_timeout_seconds) queues the post without waiting for Akismet, and is the last error', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/spam', { token: admin, body: { reviewer_timeout_seconds: 1 } })).status).toBe(200);
      const started = Date.now();
      const r = await ask('This slowmarker question meets a slow Akismet.');
      const took = Date.now() - started;
      expect(r.status).toBe(200);
      expect(took).toBeLessThan(2400);
      expect(await statusOf(r.body.data.id)).toBe(11);
      expect(await lastError()).toContain('no answer within 1000 ms');
      const page = (await call(site.app, 'GET', `${API}/review/pending/post/page?page_size=50`, { token: mod.token })).body.data;
      expect(page.list.map((i: { object_id: string }) => i.object_id)).toContain(r.body.data.id);
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/spam', { token: admin, body: { reviewer_timeout_seconds: 3 } })).status).toBe(200);
    });

    it('a comment Akismet calls spam is held, not saved; a profile bio too', async (t) => {
      if (!site) return t.skip();
      const q = await ask(`A normal question number ${n} to comment on for Akismet.`);
      const c = await call(site.app, 'POST', `${API}/comment`, { token: poster.token, body: { object_id: q.body.data.id, original_text: 'A spammarker comment on the question.' } });
      expect(c.status).toBe(400);
      expect(c.body.data[0].error_field).toBe('original_text');
      expect(fake.calls.at(-1)!.form.comment_type).toBe('comment');
      const bio = await call(site.app, 'PUT', `${API}/user/info`, { token: poster.token, body: { bio: 'My spammarker bio.' } });
      expect(bio.status).toBe(400);
      expect(fake.calls.at(-1)!.form.comment_type).toBe('signup');
    });
  });
}
